import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '#common/search.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { buildNoticeInput } from '#server/test-support/factories.ts';

let t: AdminTestApp;
const cookies: Record<'editor' | 'admissions', string> = { editor: '', admissions: '' };
let symbolNumber = '';
let applicationId = '';

beforeAll(async () => {
  t = await createAdminTestApp();
  cookies.editor = await t.signInAs('editor@test.np', 'editor', 'Asha editor');
  cookies.admissions = await t.signInAs('office@test.np', 'admissions', 'Asha admissions');
  const fixture = await seedApplications(t.db, createLocalStorage(t.uploadsDir), { count: 3, withFiles: 0 });
  applicationId = fixture.applications[1]!.id;
  const row = await t.db
    .selectFrom('applications')
    .select('symbol_number')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  symbolNumber = row.symbol_number;
  await t.db
    .insertInto('inquiries')
    .values({
      id: randomUUID(),
      first_name: 'Bimala',
      last_name: 'Khadka',
      phone: '9841000000',
      email: 'bimala@example.com',
      subject: 'Hostel for girls',
      message: 'Is there a hostel near the college for students from Madi?',
      state: 'new',
      created_at: new Date().toISOString(),
    })
    .execute();
  for (const notice of [
    buildNoticeInput({ title: 'Scholarship examination', description: 'The scholarship examination is on Friday.' }),
    buildNoticeInput({ title: 'खाली सिट', description: 'कक्षा ११ मा विज्ञानका खाली सिटहरू।' }),
    buildNoticeInput({ title: 'पुस्तकालय खुला', description: 'पुस्तकालय शनिबार पनि खुला रहन्छ।' }),
  ]) {
    const res = await t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: notice });
    expect(res.statusCode).toBe(201);
  }
}, 120_000);
afterAll(() => t.close());

async function search(q: string, cookie?: string) {
  const res = await t.asAdmin({
    method: 'GET',
    url: `/api/admin/search?q=${encodeURIComponent(q)}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  return { status: res.statusCode, body: res.json<SearchResults & { error?: { message: string } }>() };
}
const titles = (results: SearchResults, kind: string) =>
  (results.groups.find((g) => g.kind === kind)?.hits ?? []).map((h) => h.title.map((p) => p.text).join(''));

describe('the admin search', () => {
  it('finds each kind by a word, with the matched words marked', async () => {
    const { status, body } = await search('scholarship');
    expect(status).toBe(200);
    expect(titles(body, 'notice')).toEqual(['Scholarship examination']);
    expect(body.groups.find((g) => g.kind === 'notice')!.hits[0]!.title).toEqual([
      { text: 'Scholarship', hit: true },
      { text: ' examination', hit: false },
    ]);
    expect(titles((await search('hostel')).body, 'inquiry')).toEqual(['Hostel for girls']);
    expect(titles((await search('Asha')).body, 'staff').sort()).toEqual(['Asha admissions', 'Asha editor']);
    expect(
      (await search(symbolNumber)).body.groups.find((g) => g.kind === 'application')!.hits.map((h) => h.id),
    ).toEqual([applicationId]);
  });

  it('finds by the start of a word (prefix), in Latin and Devanagari', async () => {
    expect(titles((await search('schol')).body, 'notice')).toEqual(['Scholarship examination']);
    expect(titles((await search('पुस्तका')).body, 'notice')).toEqual(['पुस्तकालय खुला']);
  });

  it('keeps Devanagari words whole: a word never matches another one at its vowel signs', async () => {
    const { body } = await search('खाली');
    expect(titles(body, 'notice')).toEqual(['खाली सिट']);
    const marked = body.groups.find((g) => g.kind === 'notice')!.hits[0]!.title;
    expect(marked).toEqual([
      { text: 'खाली', hit: true },
      { text: ' सिट', hit: false },
    ]);
    expect(titles((await search('खुला')).body, 'notice')).toEqual(['पुस्तकालय खुला']);
  });

  it('shows applications to the owner and the admissions office, never to an editor', async () => {
    const owner = (await search(symbolNumber)).body;
    expect(owner.groups.map((g) => g.kind)).toEqual(['notice', 'inquiry', 'application', 'staff']);
    const office = (await search(symbolNumber, cookies.admissions)).body;
    expect(office.groups.map((g) => g.kind)).toEqual(['application']);
    expect(office.groups[0]!.hits.map((h) => h.id)).toEqual([applicationId]);
    const editor = await search(symbolNumber, cookies.editor);
    expect(editor.status).toBe(200);
    expect(editor.body.groups.map((g) => g.kind)).toEqual(['notice', 'inquiry']);
    expect(JSON.stringify(editor.body)).not.toContain(applicationId);
    // A symbol number typed with a space is the same number.
    const spaced = `${symbolNumber.slice(0, -1)} ${symbolNumber.slice(-1)}`;
    expect((await search(spaced, cookies.admissions)).body.groups[0]!.hits.map((h) => h.id)).toEqual([applicationId]);
  });

  it('refuses a query of 10,000 characters with a message, and reads operators as plain words', async () => {
    const long = await search('a'.repeat(10_000));
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toMatch(/at most 200 characters/u);
    for (const soup of [
      '"AND OR NOT * ( ) NEAR(',
      'scholarship OR * NOT"',
      "'); drop table notices; --",
      '^ : {title} -',
    ]) {
      const res = await search(soup);
      expect(res.status, soup).toBe(200);
    }
    expect(titles((await search('("scholarship*" -- ^)')).body, 'notice')).toEqual(['Scholarship examination']);
    const symbols = await search('*** ((( )))');
    expect(symbols.body.terms).toEqual([]);
    expect(symbols.body.message).toMatch(/punctuation and symbols alone/u);
  });

  it('follows notices as they are created, changed and deleted', async () => {
    expect(titles((await search('Bagmati')).body, 'notice')).toEqual([]);
    const created = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/notices',
      payload: buildNoticeInput({ title: 'Trip to Bagmati', description: 'A day out for the Grade 11 students.' }),
    });
    const id = created.json<{ id: string }>().id;
    expect(created.statusCode).toBe(201);
    expect(titles((await search('Bagmati')).body, 'notice')).toEqual(['Trip to Bagmati']);
    const edited = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/notices/${id}`,
      payload: buildNoticeInput({ title: 'Trip to Narayani', description: 'A day out for the Grade 11 students.' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(titles((await search('Bagmati')).body, 'notice')).toEqual([]);
    expect(titles((await search('Narayani')).body, 'notice')).toEqual(['Trip to Narayani']);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/admin/notices/${id}` })).statusCode).toBe(204);
    expect(titles((await search('Narayani')).body, 'notice')).toEqual([]);
  });

  it('follows an application whose name the office corrects', async () => {
    await t.db.updateTable('applications').set({ name_en: 'KAMALA DEVKOTA' }).where('id', '=', applicationId).execute();
    const { body } = await search('devkota', cookies.admissions);
    expect(body.groups[0]!.hits.map((h) => h.id)).toEqual([applicationId]);
  });

  it('answers a signed-out request with 401', async () => {
    expect((await t.anonymous({ method: 'GET', url: '/api/admin/search?q=scholarship' })).statusCode).toBe(401);
  });
});
