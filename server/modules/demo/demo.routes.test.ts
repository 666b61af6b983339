import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoCounts } from '#common/demo.ts';
import type { Notice } from '#common/notice.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { seedDemoContent } from '#server/seed/seed-demo.ts';
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
import { buildNoticeInput } from '#server/test-support/factories.ts';

// The real seeder draws and encodes nine photos (AVIF included): slow on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let t: AdminTestApp;
const cookies: Record<'editor' | 'admissions', string> = { editor: '', admissions: '' };
let officeNotice: Notice;
let seededFiles: string[];

beforeAll(async () => {
  t = await createAdminTestApp();
  await seedDemoContent(t.app.services);
  seededFiles = await listFiles(t.uploadsDir);
  cookies.editor = await t.signInAs('editor@test.np', 'editor');
  cookies.admissions = await t.signInAs('office@test.np', 'admissions');
  const made = await t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: buildNoticeInput() });
  expect(made.statusCode).toBe(201);
  officeNotice = made.json<Notice>();
});
afterAll(() => t.close());

const counts = () => t.asAdmin({ method: 'GET', url: '/api/admin/demo' });
const remove = (cookie?: string) =>
  cookie === undefined
    ? t.asAdmin({ method: 'POST', url: '/api/admin/demo/removal' })
    : t.anonymous({ method: 'POST', url: '/api/admin/demo/removal', headers: { cookie } });
const auditOf = () =>
  t.db.selectFrom('audit_log').select(['actor_name', 'subject']).where('kind', '=', 'demo-removed').execute();

describe('the demo content of a fresh install', () => {
  it('counts what the seeder made: 5 notices and 9 photos, not the office’s notice', async () => {
    const res = await counts();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual({ notices: 5, photos: 9 });
  });

  it('refuses editors and the admissions office (403) and the signed out (401), and removes nothing', async () => {
    for (const cookie of [cookies.editor, cookies.admissions]) {
      const read = await t.anonymous({ method: 'GET', url: '/api/admin/demo', headers: { cookie } });
      expect(read.statusCode).toBe(403);
      expect((await remove(cookie)).statusCode).toBe(403);
    }
    expect((await t.anonymous({ method: 'POST', url: '/api/admin/demo/removal' })).statusCode).toBe(401);
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 5, photos: 9 });
    expect(await t.app.services.notices.count()).toBe(6);
    expect(await auditOf()).toEqual([]);
  });

  it('counts a demo notice the office has edited as the office’s own', async () => {
    const demoNotice = (await t.app.services.notices.list()).find((n) => n.title.startsWith('Dashain'));
    expect(demoNotice).toBeDefined();
    await t.app.services.notices.update(COMMAND_LINE_ACTOR, demoNotice!.id, {
      title: 'Dashain and Tihar holidays: classes resume on Monday',
      description: demoNotice!.description,
    });
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 4, photos: 9 });
  });

  it('removes every demo notice and photo with their files, audited, and keeps what the office made', async () => {
    const res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual({ notices: 4, photos: 9 });

    const left = (await t.app.services.notices.list()).map((n) => n.title).sort();
    expect(left).toEqual([officeNotice.title, 'Dashain and Tihar holidays: classes resume on Monday'].sort());
    expect(await t.app.services.images.count('gallery')).toBe(0);
    expect(await t.app.services.images.count('featured')).toBe(0);
    // Every file the seeder stored (the photos' variants) is gone.
    expect(seededFiles.length).toBeGreaterThan(9);
    expect(await listFiles(t.uploadsDir)).toEqual([]);

    expect(await auditOf()).toEqual([{ actor_name: 'admin@test.np', subject: '4 notices, 9 photos' }]);
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 0, photos: 0 });
  });

  it('removes nothing the second time, and writes no second audit entry', async () => {
    const res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual({ notices: 0, photos: 0 });
    expect(await t.app.services.notices.count()).toBe(2);
    expect(await auditOf()).toHaveLength(1);
  });

  it('leaves the public notices without the demo ones and the public photo lists empty', async () => {
    const notices = await t.app.inject({ method: 'GET', url: '/api/notices' });
    expect(notices.statusCode).toBe(200);
    expect(notices.body).not.toContain('Scholarship entrance examination');
    expect(notices.body).toContain(officeNotice.title);
    for (const folder of ['gallery', 'featured']) {
      const photos = await t.app.inject({ method: 'GET', url: `/api/images?folder=${folder}` });
      expect(photos.json()).toEqual({ images: [] });
    }
  });
});
