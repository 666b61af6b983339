import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_COPY } from '#common/api-error.ts';
import type { CollegeInput } from '#common/site-content/college.ts';
import { CONTENT_SECTIONS, type SiteContent } from '#common/site-content/site.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const get = async <T = Record<string, unknown>>(section: string) => {
  const res = await t.asAdmin({ method: 'GET', url: `/api/admin/content/${section}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T & { version: number; updatedAt: string | null }>();
};
const put = (section: string, payload: object) =>
  t.asAdmin({ method: 'PUT', url: `/api/admin/content/${section}`, payload });
const publicContent = async () => (await t.app.inject({ method: 'GET', url: '/api/content' })).json<SiteContent>();

describe('reading and saving content sections', () => {
  it('answers every section with version 1, as the migration stored it', async () => {
    for (const section of CONTENT_SECTIONS) {
      const body = await get(section);
      expect(body.version, section).toBe(1);
      expect(body.updatedAt, section).toEqual(expect.any(String));
    }
  });

  it('saves the second phone number and the public content shows it at once, render cache warm', async () => {
    expect((await publicContent()).college.phones).toEqual(['056-418307', '9855060414']);
    const college = await get<CollegeInput>('college');
    const res = await put('college', { ...college, phones: ['056-418307', '9855012345'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: college.version + 1, phones: ['056-418307', '9855012345'] });
    expect((await publicContent()).college.phones).toEqual(['056-418307', '9855012345']);
    expect((await t.app.services.content.site()).college.phones).toEqual(['056-418307', '9855012345']);
  });

  it('refuses a save made from a stale copy with 409, and keeps the other save', async () => {
    const copy = await get<CollegeInput>('college');
    const first = await put('college', { ...copy, motto: { en: 'First editor', ne: '' } });
    expect(first.statusCode).toBe(200);
    const second = await put('college', { ...copy, motto: { en: 'Second editor', ne: '' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: STALE_COPY });
    expect((await get<CollegeInput>('college')).motto).toEqual({ en: 'First editor', ne: '' });
    expect((await publicContent()).college.motto.en).toBe('First editor');
  });

  it('of two saves sent at the same moment from the same copy, exactly one wins', async () => {
    const copy = await get<CollegeInput>('college');
    const results = await Promise.all(
      ['A', 'B', 'C'].map((who) => put('college', { ...copy, shortName: { en: who, ne: '' } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await get('college')).version).toBe(copy.version + 1);
  });

  it('keeps the Nepali version beside the English one, and treats a missing Nepali one as empty', async () => {
    const copy = await get<CollegeInput>('college');
    const res = await put('college', {
      ...copy,
      motto: { en: 'Open Up Your Future', ne: 'आफ्नो भविष्य खोल्नुहोस्' },
      headline: { en: 'Your future starts here' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      motto: { en: 'Open Up Your Future', ne: 'आफ्नो भविष्य खोल्नुहोस्' },
      headline: { en: 'Your future starts here', ne: '' },
    });
    // The public pages show the English of a text without Nepali (marked lang="en" on Nepali pages).
    expect((await publicContent()).college.headline).toEqual({ en: 'Your future starts here', ne: '' });
  });

  it('gives a text still in its default English the default Nepali, in the admin and on the public pages', async () => {
    const copy = await get<CollegeInput>('college');
    expect(copy.aboutHeading).toEqual({ en: 'About Orbit College', ne: 'अर्बिट कलेजको बारेमा' });
    // Saved again in its default English with the Nepali left out, it reads with the default Nepali again.
    const res = await put('college', { ...copy, headline: { en: 'Open Up Your Future' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ headline: { en: 'Open Up Your Future', ne: 'आफ्नो भविष्यको ढोका खोल्नुहोस्' } });
    expect((await get<CollegeInput>('college')).headline).toEqual(res.json<CollegeInput>().headline);
    expect((await publicContent()).college.headline.ne).toBe('आफ्नो भविष्यको ढोका खोल्नुहोस्');
  });

  it('adds, reorders and deletes testimonials, giving new ones an id', async () => {
    const { items, version } = await get<{ items: { id: string; student: object; quote: object }[] }>('testimonials');
    const added = { student: { en: 'A Grade 11 science student' }, quote: { en: 'The labs are open after class.' } };
    const res = await put('testimonials', { version, items: [added, items[1], items[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ items: { id: string }[] }>().items;
    expect(saved.map((i) => i.id).slice(1)).toEqual([items[1]!.id, items[0]!.id]);
    expect(saved[0]!.id).toMatch(/^[0-9a-f-]{36}$/u);

    const removed = await put('testimonials', { version: version + 1, items: [saved[0]] });
    expect(removed.json()).toMatchObject({ items: [{ id: saved[0]!.id }] });
    expect((await publicContent()).testimonials.items).toHaveLength(1);
  });

  it('refuses an item id the section never had', async () => {
    const { version } = await get('testimonials');
    const res = await put('testimonials', {
      version,
      items: [{ id: 'made-up', student: { en: 'A student' }, quote: { en: 'A quote.' } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'content/unknown-item' } });
  });

  it('edits the footer courses apart from the course cards', async () => {
    const cards = await get('courses');
    const { version } = await get('footer-courses');
    const res = await put('footer-courses', { version, items: [{ en: 'Science' }, { en: 'Law', ne: 'कानून' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicContent()).footerCourses.items).toEqual([
      { en: 'Science', ne: '' },
      { en: 'Law', ne: 'कानून' },
    ]);
    expect((await get('courses')).version).toBe(cards.version);
  });

  it('adds a course with an icon and refuses a picture for a course that has none', async () => {
    const { cards, version } = await get<{ cards: object[] }>('courses');
    const extra = {
      title: { en: 'Law' },
      summary: { en: 'Law for +2 students.' },
      icon: { kind: 'icon', name: 'bell' },
    };
    const res = await put('courses', { version, cards: [...cards, extra] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicContent()).courses.cards.map((c) => c.title.en)).toContain('Law');

    const noPicture = await put('courses', {
      version: version + 1,
      cards: [{ ...extra, icon: { kind: 'picture' } }],
    });
    expect(noPicture.statusCode).toBe(400);
    expect(noPicture.json()).toMatchObject({ error: { code: 'content/no-picture' } });
  });

  it('removes the prospectus, which hides its link and its address, and cannot bring it back by "keep"', async () => {
    const { version } = await get('downloads');
    const res = await put('downloads', { version, prospectus: 'none' });
    expect(res.json()).toMatchObject({ prospectus: null });
    expect((await publicContent()).downloads.prospectus).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/downloads/prospectus.pdf' })).statusCode).toBe(404);
  });

  it('goes back to the placeholder prospectus, served again at its address', async () => {
    const { version } = await get('downloads');
    const res = await put('downloads', { version, prospectus: 'builtin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ prospectus: { isDefault: true, url: '/downloads/prospectus.pdf' } });
    expect((await publicContent()).downloads.prospectus).toMatchObject({ isDefault: true });
    expect((await t.app.inject({ method: 'GET', url: '/downloads/prospectus.pdf' })).statusCode).toBe(200);
    const unknown = await put('downloads', { version: version + 1, prospectus: 'placeholder' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the setup checklist', () => {
  it('lists the placeholders and ticks one off once the college replaces it', async () => {
    const before = (await t.asAdmin({ method: 'GET', url: '/api/admin/content/checklist' })).json<{
      items: { id: string; page: string; done: boolean }[];
    }>();
    expect(before.items.find((i) => i.id === 'banner-photos')).toMatchObject({ page: '/admin/banner', done: false });
    expect(before.items.find((i) => i.id === 'email')).toMatchObject({ page: '/admin/content', done: false });

    const college = await get<CollegeInput>('college');
    expect((await put('college', { ...college, email: 'office@orbit.edu.np' })).statusCode).toBe(200);
    const after = (await t.asAdmin({ method: 'GET', url: '/api/admin/content/checklist' })).json<typeof before>();
    expect(after.items.find((i) => i.id === 'email')?.done).toBe(true);
    expect(after.items.find((i) => i.id === 'banner-photos')?.done).toBe(false);
  });
});

describe('without a session', () => {
  it('answers 401 on every content route the API describes, and changes nothing', async () => {
    const spec = (await t.asAdmin({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/admin/content'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })));
    expect(routes.length).toBeGreaterThanOrEqual(CONTENT_SECTIONS.length * 2 + 5);
    const before = await publicContent();
    for (const { method, path } of routes) {
      const url = path.replace('{id}', 'default-course-1').replace('{key}', 'principal');
      const res = await t.anonymous({ method: method.toUpperCase() as 'GET', url, payload: { version: 1 } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
    expect(await publicContent()).toEqual(before);
  });
});
