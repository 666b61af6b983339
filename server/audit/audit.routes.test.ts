import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '#common/audit.ts';
import type { CollegeInput } from '#common/site-content/college.ts';
import type { AuditRow } from '#server/db/schema.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type AdminTestApp,
  SAME_ORIGIN,
  createAdminTestApp,
  multipart,
} from '#server/test-support/admin-session.ts';
import { buildImage, buildNoticeInput } from '#server/test-support/factories.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ AUDIT_KEEP_DAYS: '30' });
  await t.db.updateTable('users').set({ name: 'Principal' }).where('email', '=', ADMIN_EMAIL).execute();
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute();
});

const entries = (): Promise<AuditRow[]> => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();
const remote = { remoteAddress: '10.9.8.7' };
const asAdmin = (options: Parameters<AdminTestApp['asAdmin']>[0]) => t.asAdmin({ ...remote, ...options });

/** The one entry written since the last reset, which must be the only one. */
async function onlyEntry(): Promise<AuditRow> {
  const all = await entries();
  expect(all, JSON.stringify(all)).toHaveLength(1);
  return all[0]!;
}

describe('every kind of change leaves one entry: who, what, when, from where', () => {
  it('notice created and deleted, with its title', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/notices',
      payload: buildNoticeInput({ title: 'Exam routine' }),
    });
    expect(created.statusCode).toBe(201);
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ kind: 'notice-created', subject: 'Exam routine', actor_name: 'Principal' });
    expect(entry.address).toBe('10.9.8.7');
    expect(entry.actor_id).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);

    await t.db.deleteFrom('audit_log').execute();
    const id = created.json<{ id: string }>().id;
    expect((await asAdmin({ method: 'DELETE', url: `/api/admin/notices/${id}` })).statusCode).toBe(204);
    expect(await onlyEntry()).toMatchObject({ kind: 'notice-deleted', subject: 'Exam routine' });
  });

  it('photo uploaded and deleted', async () => {
    const body = multipart([{ body: await buildImage({ width: 64, height: 48 }) }]);
    const up = await asAdmin({ method: 'POST', url: '/api/admin/images/gallery', ...body });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json<{ id: string }>().id;
    expect(await onlyEntry()).toMatchObject({ kind: 'photo-uploaded', subject: `gallery photo 64×48 (${id})` });
    await t.db.deleteFrom('audit_log').execute();
    expect((await asAdmin({ method: 'DELETE', url: `/api/admin/images/${id}` })).statusCode).toBe(204);
    expect(await onlyEntry()).toMatchObject({ kind: 'photo-deleted', subject: `gallery photo 64×48 (${id})` });
  });

  it('admission status changed', async () => {
    const res = await asAdmin({ method: 'PUT', url: '/api/admin/admission', payload: { status: 'ADMISSION OPEN' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ kind: 'admission-changed', subject: 'ADMISSION OPEN' });
  });

  it('site content changed, naming the section', async () => {
    const college = (await asAdmin({ method: 'GET', url: '/api/admin/content/college' })).json<CollegeInput>();
    const res = await asAdmin({
      method: 'PUT',
      url: '/api/admin/content/college',
      payload: { ...college, motto: { en: 'Learn well', ne: '' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onlyEntry()).toMatchObject({ kind: 'content-changed', subject: 'college' });
  });

  it('inquiry handled, unhandled and deleted, naming the sender and subject', async () => {
    const id = 'inq-audit-1';
    await t.db
      .insertInto('inquiries')
      .values({
        id,
        first_name: 'Sita',
        last_name: 'Sharma',
        phone: '9841000000',
        email: 'sita@example.com',
        subject: 'Admission dates',
        message: 'When?',
        state: 'new',
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const handled of [true, false]) {
      await t.db.deleteFrom('audit_log').execute();
      const res = await asAdmin({ method: 'PATCH', url: `/api/admin/inquiries/${id}`, payload: { handled } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await onlyEntry()).toMatchObject({
        kind: handled ? 'inquiry-handled' : 'inquiry-unhandled',
        subject: 'Sita Sharma: Admission dates',
      });
    }
    await t.db.deleteFrom('audit_log').execute();
    expect((await asAdmin({ method: 'DELETE', url: `/api/admin/inquiries/${id}` })).statusCode).toBe(204);
    expect(await onlyEntry()).toMatchObject({ kind: 'inquiry-deleted', subject: 'Sita Sharma: Admission dates' });
  });

  it('sign-in, failed sign-in (also for an unknown e-mail) and sign-out, never with the password', async () => {
    const login = (password: string, email = ADMIN_EMAIL) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: SAME_ORIGIN,
        ...remote,
        payload: { email, password },
      });
    expect((await login('a-wrong-password-typed')).statusCode).toBe(401);
    expect((await login('another-wrong-one', 'nobody@test.np')).statusCode).toBe(401);
    const ok = await login(ADMIN_PASSWORD);
    expect(ok.statusCode).toBe(200);
    const cookie = `orbit_session=${ok.cookies.find((c) => c.name === 'orbit_session')!.value}`;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...SAME_ORIGIN, cookie } });
    expect(out.statusCode).toBe(204);
    const all = await entries();
    expect(all.map((e) => [e.kind, e.actor_name, e.subject])).toEqual([
      ['sign-in-failed', 'Principal', ADMIN_EMAIL],
      ['sign-in-failed', 'nobody@test.np', 'nobody@test.np'],
      ['sign-in', 'Principal', ADMIN_EMAIL],
      ['sign-out', 'Principal', ADMIN_EMAIL],
    ]);
    const stored = JSON.stringify(all);
    for (const secret of ['a-wrong-password-typed', 'another-wrong-one', ADMIN_PASSWORD, cookie.split('=')[1]!]) {
      expect(stored).not.toContain(secret);
    }
    // A sign-out without a session changes nothing and records nothing.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...SAME_ORIGIN, cookie } });
    expect(await entries()).toHaveLength(4);
  });
});

describe('a refused request leaves no entry', () => {
  it('for invalid input, a missing item, no session and another origin', async () => {
    const refused = [
      await asAdmin({ method: 'POST', url: '/api/admin/notices', payload: { title: '', description: '' } }),
      await asAdmin({ method: 'DELETE', url: '/api/admin/notices/no-such-notice' }),
      await asAdmin({ method: 'PUT', url: '/api/admin/admission', payload: { status: 'maybe' } }),
      await t.anonymous({ method: 'POST', url: '/api/admin/notices', payload: { title: 'x', description: 'y' } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/notices',
        headers: { origin: 'https://evil.example', cookie: t.cookie },
        payload: { title: 'x', description: 'y' },
      }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 404, 400, 401, 403]);
    expect(await entries()).toEqual([]);
  });
});

describe('GET /api/admin/audit', () => {
  async function seed(n: number, actor: string, kind: string, startMs: number): Promise<void> {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `${actor}-${kind}-${i}`,
      at: new Date(startMs + i * 1000).toISOString(),
      actor_id: null,
      actor_name: actor,
      kind,
      subject: `item ${i}`,
      address: '10.0.0.1',
      changes: '',
    }));
    await t.db.insertInto('audit_log').values(rows).execute();
  }
  const page = async (query: string) => {
    const res = await asAdmin({ method: 'GET', url: `/api/admin/audit${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  it('answers newest first, in pages of 50, filtered by person and by kind', async () => {
    const start = Date.now() - 3_600_000;
    await seed(60, 'Clerk', 'notice-created', start);
    await seed(5, 'Principal', 'admission-changed', start + 500);
    const first = await page('');
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 65, people: ['Clerk', 'Principal'] });
    expect(first.entries).toHaveLength(50);
    const times = first.entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.entries[0]).toMatchObject({ actor: 'Clerk', subject: 'item 59', kind: 'notice-created' });
    expect((await page('?page=2')).entries).toHaveLength(15);
    const byPerson = await page('?person=Principal');
    expect(byPerson.total).toBe(5);
    expect(byPerson.entries.every((e) => e.actor === 'Principal')).toBe(true);
    const byKind = await page('?kind=notice-created&person=Clerk&page=2');
    expect(byKind).toMatchObject({ total: 60, page: 2 });
    expect(byKind.entries.map((e) => e.subject).at(-1)).toBe('item 0');
    expect((await page('?kind=')).total).toBe(65);
  });

  it('refuses an unknown kind with 400', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/audit?kind=password-shown' });
    expect(res.statusCode).toBe(400);
  });
});

describe('pruning', () => {
  it('deletes entries older than AUDIT_KEEP_DAYS and keeps the rest', async () => {
    const day = 24 * 3_600_000;
    const row = (id: string, ageDays: number) => ({
      id,
      at: new Date(Date.now() - ageDays * day).toISOString(),
      actor_id: null,
      actor_name: 'Clerk',
      kind: 'notice-created',
      subject: id,
      address: '10.0.0.1',
      changes: '',
    });
    await t.db
      .insertInto('audit_log')
      .values([row('old', 31), row('recent', 29), row('today', 0)])
      .execute();
    expect(await t.app.services.audit.prune()).toBe(1);
    expect((await entries()).map((e) => e.id)).toEqual(['recent', 'today']);
  });
});

describe('the change and its entry commit together', () => {
  it('when the entry cannot be written, the notice is not stored either', async () => {
    const other = await createAdminTestApp();
    try {
      await other.db.schema.dropTable('audit_log').execute();
      const res = await other.asAdmin({
        method: 'POST',
        url: '/api/admin/notices',
        payload: buildNoticeInput({ title: 'Lost notice' }),
      });
      expect(res.statusCode).toBe(500);
      expect(await other.db.selectFrom('notices').select('title').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
