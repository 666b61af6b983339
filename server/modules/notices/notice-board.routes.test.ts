import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Exam routine published',
  description: words(12),
  ...overrides,
});

// 22 Nov 2026, 10:00 in Nepal.
const clock = new ManualClock('2026-11-22T04:15:00.000Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, undefined, clock);
});
afterAll(() => t.close());

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: body(overrides) });
  expect(res.statusCode).toBe(201);
  return res.json<Notice>();
};
const update = (id: string, payload: object) => t.asAdmin({ method: 'PUT', url: `/api/admin/notices/${id}`, payload });
const publicIds = async (url = '/api/notices') =>
  (await t.app.inject({ method: 'GET', url })).json<{ notices: Notice[] }>().notices.map((n) => n.id);

describe('PUT /api/admin/notices/:id', () => {
  it('saves every field and shows the change publicly', async () => {
    const notice = await create();
    const res = await update(
      notice.id,
      body({ title: 'Routine changed', category: 'examination', referenceNo: '081/82-45' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Notice>()).toMatchObject({
      title: 'Routine changed',
      category: 'examination',
      referenceNo: '081/82-45',
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/notices/${notice.id}` });
    expect(one.json<Notice>().title).toBe('Routine changed');
  });

  it.each([
    ['a title of 4 characters', { title: 'abcd' }, 'Title must be at least 5 characters.'],
    ['a title of 61 characters', { title: 'a'.repeat(61) }, 'Title must be less than 60 characters.'],
    ['a description of 4 words', { description: words(4) }, 'Description must be at least 5 words.'],
    ['a description of 151 words', { description: words(151) }, 'Description must be less than 150 words.'],
    [
      'a link of 101 characters',
      { link: `https://example.com/${'x'.repeat(81)}` },
      'Link must be less than 100 characters.',
    ],
    ['an unknown category', { category: 'sports' }, 'Choose a category from the list.'],
    [
      'a reference number of 31 characters',
      { referenceNo: 'r'.repeat(31) },
      'Reference number must be 30 characters or fewer.',
    ],
    [
      'a publish time that is not one',
      { publishAt: '2026-02-30T10:00' },
      'Publish at must be a date and time, e.g. 2026-11-22 10:00.',
    ],
    [
      'a pinned-until that is not a day',
      { pinnedUntil: '2026-13-01' },
      'Pinned until must be a date, e.g. 2026-11-30.',
    ],
  ])('refuses %s with its message and changes nothing', async (_name, overrides, message) => {
    const notice = await create({ title: 'Unchanged notice' });
    const res = await update(notice.id, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message } });
    const stored = await t.asAdmin({ method: 'GET', url: `/api/admin/notices/${notice.id}` });
    expect(stored.json<Notice>()).toEqual(notice);
  });

  it('accepts the limits: 60 characters, 150 words, a 100-character link, a 30-character reference', async () => {
    const notice = await create();
    const res = await update(
      notice.id,
      body({
        title: 'a'.repeat(60),
        description: words(150),
        link: `https://example.com/${'x'.repeat(80)}`,
        referenceNo: 'r'.repeat(30),
      }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for a notice deleted meanwhile, and creates nothing', async () => {
    const notice = await create();
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/admin/notices/${notice.id}` })).statusCode).toBe(204);
    const count = await t.app.services.notices.count();
    const res = await update(notice.id, body({ title: 'Too late edit' }));
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('not-found');
    expect(await t.app.services.notices.count()).toBe(count);
  });

  it('answers 401 without a session on the new admin routes', async () => {
    const notice = await create();
    expect(
      (await t.anonymous({ method: 'PUT', url: `/api/admin/notices/${notice.id}`, payload: body() })).statusCode,
    ).toBe(401);
    expect((await t.anonymous({ method: 'GET', url: `/api/admin/notices/${notice.id}` })).statusCode).toBe(401);
    expect((await t.anonymous({ method: 'GET', url: '/api/admin/notices' })).statusCode).toBe(401);
  });
});

describe('scheduled and pinned notices', () => {
  it('keeps a scheduled notice off every public route until its time, then shows it', async () => {
    // Published at 15:00 Nepal time the same day (09:15 UTC).
    const notice = await create({ title: 'Scheduled result notice', publishAt: '2026-11-22T15:00' });
    expect(notice).toMatchObject({ scheduled: true, publishAt: '2026-11-22T09:15:00.000Z' });
    // Read once before, so the render cache holds the page without it.
    expect(await publicIds()).not.toContain(notice.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/notices/${notice.id}` })).statusCode).toBe(404);
    const admin = (await t.asAdmin({ method: 'GET', url: '/api/admin/notices' })).json<{ notices: Notice[] }>();
    expect(admin.notices.find((n) => n.id === notice.id)?.scheduled).toBe(true);

    clock.set('2026-11-22T09:15:00.000Z');
    expect(await publicIds()).toContain(notice.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/notices/${notice.id}` })).statusCode).toBe(200);
  });

  it('shows a pinned notice first to the end of its Nepal day, then in date order', async () => {
    clock.set('2026-11-23T04:15:00.000Z'); // 23 Nov, 10:00 in Nepal
    const older = await create({
      title: 'Older pinned notice',
      publishAt: '2026-11-01T10:00',
      pinnedUntil: '2026-11-24',
    });
    await create({ title: 'Newer plain notice' });
    expect((await publicIds('/api/notices?limit=2'))[0]).toBe(older.id);

    clock.set('2026-11-24T18:14:59.000Z'); // 23:59:59 on 24 Nov in Nepal: still pinned
    expect((await publicIds('/api/notices?limit=2'))[0]).toBe(older.id);

    clock.set('2026-11-24T18:15:00.000Z'); // 25 Nov has begun in Nepal
    expect(await publicIds('/api/notices?limit=2')).not.toContain(older.id);
  });
});

describe('the time a notice last changed', () => {
  const SITE = 'http://localhost:3000';
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
  const lastmod = (xml: string, path: string) =>
    new RegExp(`<loc>${SITE}${path}</loc><lastmod>([^<]+)</lastmod>`, 'u').exec(xml)?.[1];

  it('moves with an edit (API, sitemap, feed) while the notice keeps its place in publish order', async () => {
    clock.set('2026-12-01T04:15:00.000Z'); // 1 Dec, 10:00 in Nepal
    const edited = await create({ title: 'Library hours changed', publishAt: '2026-11-30T09:00' });
    const newer = await create({ title: 'Sports week announced', publishAt: '2026-11-30T10:00' });
    // Written after its publish time: it last changed when it was written.
    expect(edited).toMatchObject({ publishAt: '2026-11-30T03:15:00.000Z', updatedAt: '2026-12-01T04:15:00.000Z' });
    const order = await publicIds();

    clock.set('2026-12-02T06:00:00.000Z');
    const res = await update(edited.id, body({ title: 'Library hours changed again', publishAt: '2026-11-30T09:00' }));
    expect(res.statusCode).toBe(200);
    const after = res.json<Notice>();
    expect(after).toMatchObject({ publishAt: '2026-11-30T03:15:00.000Z', updatedAt: '2026-12-02T06:00:00.000Z' });
    expect(await publicIds()).toEqual(order);
    const one = (await t.app.inject({ method: 'GET', url: `/api/notices/${edited.id}` })).json<Notice>();
    expect(one.updatedAt).toBe('2026-12-02T06:00:00.000Z');

    const sitemap = await get('/sitemap.xml');
    expect(lastmod(sitemap, noticePath(after))).toBe('2026-12-02T06:00:00.000Z');
    expect(lastmod(sitemap, `/ne${noticePath(after)}`)).toBe('2026-12-02T06:00:00.000Z');
    expect(lastmod(sitemap, noticePath(newer))).toBe('2026-12-01T04:15:00.000Z');
    expect(lastmod(sitemap, '/notices')).toBe('2026-12-02T06:00:00.000Z');
    expect(lastmod(sitemap, '/')).toBe('2026-12-02T06:00:00.000Z');

    const feed = await get('/rss.xml');
    expect(feed).toContain('<lastBuildDate>Wed, 02 Dec 2026 06:00:00 GMT</lastBuildDate>');
    // The feed stays in publish order: the edited, older notice is still after the newer one.
    expect(feed.indexOf(newer.title)).toBeLessThan(feed.indexOf('Library hours changed again'));
  });

  it('keeps the stored publish instant when the form sends back its minute, so two notices of one minute keep their order', async () => {
    clock.set('2026-12-06T04:15:30.000Z');
    const first = await create({ title: 'Blood donation camp' });
    clock.set('2026-12-06T04:15:45.000Z');
    const second = await create({ title: 'Blood donation camp: venue' });
    const order = await publicIds();
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));
    clock.set('2026-12-06T05:00:00.000Z');
    // The edit form shows the publish time as 10:00 in Nepal, to the minute.
    const edited = (
      await update(second.id, body({ title: 'Blood donation camp: new venue', publishAt: '2026-12-06T10:00' }))
    ).json<Notice>();
    expect(edited).toMatchObject({ publishAt: '2026-12-06T04:15:45.000Z', updatedAt: '2026-12-06T05:00:00.000Z' });
    expect(await publicIds()).toEqual(order);
    // Another minute typed in the form is a new publish time.
    const moved = (await update(second.id, body({ publishAt: '2026-12-06T09:59' }))).json<Notice>();
    expect(moved.publishAt).toBe('2026-12-06T04:14:00.000Z');
  });

  it('is never earlier than the publish time of a notice edited while it was scheduled', async () => {
    clock.set('2026-12-03T04:15:00.000Z');
    const scheduled = await create({ title: 'Holiday for Tihar', publishAt: '2026-12-05T10:00' });
    clock.set('2026-12-04T04:15:00.000Z');
    const edited = (
      await update(scheduled.id, body({ title: 'Holiday for Tihar (revised)', publishAt: '2026-12-05T10:00' }))
    ).json<Notice>();
    expect(edited).toMatchObject({ publishAt: '2026-12-05T04:15:00.000Z', updatedAt: '2026-12-05T04:15:00.000Z' });
  });
});
