import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DemoCounts, NO_DEMO } from '#common/demo.ts';
import type { Notice } from '#common/notices/notice.ts';
import type { Checklist, SiteContent } from '#common/site-content/site.ts';
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

/** The default texts of a site whose content was never edited: the college's fields, courses, reasons... */
const DEFAULT_TEXTS = { texts: 28, people: 4, downloads: 1 };
/** What the office edits before the removal: the vision (1 text) and one testimonial (1 person). */
const AFTER_OFFICE_EDITS = { texts: 27, people: 3, downloads: 1 };
const VISION = 'Every student of Butwal finds a teacher who knows them by name.';
const OFFICE_PHONE = '071-540123';
const OFFICE_QUOTE = 'I passed with distinction thanks to the evening classes.';
/** The demo college's name, places and sample people, in either language. */
const DEMO_WORDS = /orbit|अर्बिट|bharatpur|भरतपुर|chitwan|चितवन|bikash|A Grade 1[12] (science|management) student/iu;

const counts = () => t.asAdmin({ method: 'GET', url: '/api/admin/demo' });
const section = async <T>(name: string) => {
  const res = await t.asAdmin({ method: 'GET', url: `/api/admin/content/${name}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T & { version: number; updatedAt: string | null }>();
};
const save = async (name: string, payload: object) => {
  const res = await t.asAdmin({ method: 'PUT', url: `/api/admin/content/${name}`, payload });
  expect(res.statusCode, res.body).toBe(200);
};
const publicContent = async () => (await t.app.inject({ method: 'GET', url: '/api/content' })).json<SiteContent>();
const remove = (cookie?: string) =>
  cookie === undefined
    ? t.asAdmin({ method: 'POST', url: '/api/admin/demo/removal' })
    : t.anonymous({ method: 'POST', url: '/api/admin/demo/removal', headers: { cookie } });
const auditOf = () =>
  t.db.selectFrom('audit_log').select(['actor_name', 'subject']).where('kind', '=', 'demo-removed').execute();

describe('the demo content of a fresh install', () => {
  it('counts what the seeder made and the default texts: 5 notices and 9 photos, not the office’s notice', async () => {
    const res = await counts();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual({ notices: 5, photos: 9, ...DEFAULT_TEXTS });
    expect((await t.app.inject({ method: 'GET', url: '/api/albums' })).body).toContain('Life at Orbit');
  });

  it('refuses editors and the admissions office (403) and the signed out (401), and removes nothing', async () => {
    for (const cookie of [cookies.editor, cookies.admissions]) {
      const read = await t.anonymous({ method: 'GET', url: '/api/admin/demo', headers: { cookie } });
      expect(read.statusCode).toBe(403);
      expect((await remove(cookie)).statusCode).toBe(403);
    }
    expect((await t.anonymous({ method: 'POST', url: '/api/admin/demo/removal' })).statusCode).toBe(401);
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 5, photos: 9, ...DEFAULT_TEXTS });
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
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 4, photos: 9, ...DEFAULT_TEXTS });
  });

  it('counts a text the office has changed as the office’s own: the vision, a testimonial, a phone added', async () => {
    const college = await section<Record<string, unknown> & { phones: string[] }>('college');
    await save('college', {
      ...college,
      // The owner names the college, as the first setup asks.
      name: { en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' },
      shortName: { en: 'Sunrise', ne: 'सनराइज' },
      vision: { en: VISION, ne: '' },
      phones: [...college.phones, OFFICE_PHONE],
    });
    const testimonials = await section<{ items: { id: string; student: object; quote: object }[] }>('testimonials');
    const [first, ...rest] = testimonials.items;
    await save('testimonials', {
      version: testimonials.version,
      items: [
        { ...first, student: { en: 'A 2082 science graduate', ne: '' }, quote: { en: OFFICE_QUOTE, ne: '' } },
        ...rest,
      ],
    });
    expect((await counts()).json<DemoCounts>()).toEqual({ notices: 4, photos: 9, ...AFTER_OFFICE_EDITS });
  });

  it('removes every demo notice and photo with their files, audited, and keeps what the office made', async () => {
    const res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual({ notices: 4, photos: 9, ...AFTER_OFFICE_EDITS });

    const left = (await t.app.services.notices.list()).map((n) => n.title).sort();
    expect(left).toEqual([officeNotice.title, 'Dashain and Tihar holidays: classes resume on Monday'].sort());
    expect(await t.app.services.images.count('gallery')).toBe(0);
    expect(await t.app.services.images.count('featured')).toBe(0);
    // Every file the seeder stored (the photos' variants) is gone.
    expect(seededFiles.length).toBeGreaterThan(9);
    expect(await listFiles(t.uploadsDir)).toEqual([]);

    expect(await auditOf()).toEqual([
      { actor_name: 'admin@test.np', subject: '4 notices, 9 photos, 27 texts, 3 people, 1 download' },
    ]);
    expect((await counts()).json<DemoCounts>()).toEqual(NO_DEMO);
  });

  it('removes nothing the second time, and writes no second audit entry', async () => {
    const res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json<DemoCounts>()).toEqual(NO_DEMO);
    expect(await t.app.services.notices.count()).toBe(2);
    expect(await auditOf()).toHaveLength(1);
  });

  it('leaves the public notices without the demo ones and the public photo lists empty', async () => {
    const notices = await t.app.inject({ method: 'GET', url: '/api/notices' });
    expect(notices.statusCode).toBe(200);
    expect(notices.body).not.toContain('Scholarship entrance examination');
    expect(notices.body).toContain(officeNotice.title);
    // The album made for the demo's photos ('Life at Orbit') went with them.
    const albums = await t.app.inject({ method: 'GET', url: '/api/albums' });
    expect(albums.statusCode).toBe(200);
    expect(albums.body).not.toMatch(/orbit|अर्बिट/iu);
    for (const folder of ['gallery', 'featured']) {
      const photos = await t.app.inject({ method: 'GET', url: `/api/images?folder=${folder}` });
      expect(photos.json()).toEqual({ images: [] });
    }
  });

  it('leaves no text of the demo college on the public content, and keeps every text the office changed', async () => {
    // Both languages' texts: every public page is drawn from this content.
    const site = await publicContent();
    expect(JSON.stringify(site).match(DEMO_WORDS)).toBeNull();
    expect(site.college.vision.en).toBe(VISION);
    expect(site.college.phones).toEqual([OFFICE_PHONE]);
    expect(site.testimonials.items.map((i) => i.quote.en)).toEqual([OFFICE_QUOTE]);
    expect(site.college).toMatchObject({
      addressLines: [],
      email: '',
      mapEmbedUrl: '',
      mapLinkUrl: '',
      about: { en: '', ne: '' },
      mission: { en: '', ne: '' },
      aboutHeading: { en: 'About us', ne: 'हाम्रो बारेमा' },
    });
    expect(site.courses.cards).toEqual([]);
    expect(site.footerCourses.items).toEqual([]);
    expect(site.whyChooseUs).toMatchObject({ heading: { en: 'Why choose us?' }, points: [] });
    expect(site.messages.chairman.body).toEqual({ en: '', ne: '' });
    expect(site.downloads.prospectus).toBeNull();
  });

  it('asks in the setup list for the address, e-mail and texts the removal emptied', async () => {
    const res = await t.asAdmin({ method: 'GET', url: '/api/admin/content/checklist' });
    expect(res.statusCode).toBe(200);
    const done = Object.fromEntries(res.json<Checklist>().items.map((i) => [i.id, i.done]));
    expect(done).toMatchObject({
      'demo-content': true,
      address: false,
      email: false,
      phones: true,
      about: false,
      'vision-mission': false,
      'chairman-message': false,
      testimonials: true,
      prospectus: true,
    });
  });

  it('refuses a save of the college page without the address the removal emptied, and keeps what is stored', async () => {
    const college = await section<Record<string, unknown>>('college');
    const res = await t.asAdmin({ method: 'PUT', url: '/api/admin/content/college', payload: college });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter the address.');
    expect((await section<{ version: number }>('college')).version).toBe(college.version);
  });
});
