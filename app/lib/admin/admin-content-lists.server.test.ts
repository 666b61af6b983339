import type { ActionFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_COPY } from '#common/api-error.ts';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
// The test starts the real app for the writes' load context; the pages themselves reach it only through that context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { makePdf } from '#server/pdf/test-pdfs.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext } from '#server/test-support/page-context.ts';
import { adminAction } from './admin-action.server.ts';
import { CONTENT_WRITES } from './admin-content-writes.server.ts';

// The site-content pages' writes against the real app and a real database (SQLite, or PostgreSQL with
// DATABASE_URL): the same content service as the JSON API, each page form's fields as a browser posts them.
let t: AdminTestApp;
// Starting the app (migrations, the PDF worker) takes a while on a busy machine.
beforeAll(async () => {
  t = await createAdminTestApp();
}, 60_000);
afterAll(() => t?.close());

const WRITES = { ...CONTENT_WRITES.courses, ...CONTENT_WRITES.people, ...CONTENT_WRITES.downloads };

async function post(fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request('http://site.test/admin/courses', { method: 'POST', body });
  const context = pageContext(t.app.services);
  const result = await adminAction({ request, context, params: {} } as ActionFunctionArgs, WRITES);
  return { status: result.init?.status ?? 200, body: result.data };
}

/** The sections as stored, read through the service. */
const content = {
  courses: () => t.app.services.content.get('courses'),
  footer: () => t.app.services.content.get('footer-courses'),
  messages: () => t.app.services.content.get('messages'),
  testimonials: () => t.app.services.content.get('testimonials'),
  why: () => t.app.services.content.get('why-choose-us'),
};

const course = (title: string) => ({
  'title.en': title,
  'title.ne': '',
  'summary.en': 'A summary of the course.',
  'summary.ne': '',
  icon: 'chip',
});

describe('course cards', () => {
  it('adds a course at the end, then moves it up and deletes it', async () => {
    const before = await content.courses();
    const added = await post({ intent: 'course', version: String(before.version), ...course('Hotel Management') });
    expect(added).toEqual({ status: 200, body: { ok: true, message: 'Saved.' } });
    const after = await content.courses();
    expect(after.cards.map((c) => c.title.en)).toEqual([...before.cards.map((c) => c.title.en), 'Hotel Management']);
    const id = after.cards.at(-1)!.id;

    const moved = await post({ intent: 'course-move', id, move: 'up', version: String(after.version) });
    expect(moved.status).toBe(200);
    expect((await content.courses()).cards.at(-2)!.id).toBe(id);

    // A delete posts only the item's id (the one delete flow of the admin).
    expect((await post({ intent: 'course-delete', id })).status).toBe(200);
    expect((await content.courses()).cards.map((c) => c.title.en)).toEqual(before.cards.map((c) => c.title.en));
  });

  it('refuses a course without a title beside its control, keeps what was typed, and saves nothing', async () => {
    const before = await content.courses();
    const { status, body } = await post({ intent: 'course', version: String(before.version), ...course('  ') });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      title: 'Could not save:',
      fieldErrors: { 'title.en': 'Enter the course title.' },
      values: { 'summary.en': 'A summary of the course.' },
    });
    expect(await content.courses()).toEqual(before);
  });

  it('refuses an edit made from a stale copy with the 409 words', async () => {
    const before = await content.courses();
    const first = before.cards[0]!;
    const stale = await post({ intent: 'course', id: first.id, version: String(before.version - 1), ...course('Old') });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, code: STALE_COPY.code, message: STALE_COPY.message });
    expect(await content.courses()).toEqual(before);
  });

  it('refuses an item someone else deleted', async () => {
    const before = await content.courses();
    const gone = await post({
      intent: 'course-move',
      id: 'no-such-course',
      move: 'up',
      version: String(before.version),
    });
    expect(gone).toMatchObject({ status: 400, body: { code: 'content/unknown-item' } });
  });
});

describe('lists saved as a whole', () => {
  it('leaves out emptied rows of the footer list', async () => {
    const before = await content.footer();
    const { status } = await post({
      intent: 'footer',
      version: String(before.version),
      'items.0.en': 'BSc CSIT',
      'items.0.ne': '',
      'items.1.en': '',
      'items.1.ne': '',
      'items.2.en': 'BBS',
      'items.2.ne': 'बीबीएस',
    });
    expect(status).toBe(200);
    expect((await content.footer()).items).toEqual([
      { en: 'BSc CSIT', ne: '' },
      { en: 'BBS', ne: 'बीबीएस' },
    ]);
  });

  it('keeps the ids of the reasons to choose the college and refuses a title too long', async () => {
    const before = await content.why();
    const [first] = before.points;
    const fields = {
      intent: 'why',
      version: String(before.version),
      'heading.en': 'Why choose us',
      'intro.en': '',
      'points.0.id': first!.id,
      'points.0.title.en': 'Small classes',
      'points.0.text.en': 'Teachers know every student.',
    };
    const long = await post({ ...fields, 'points.0.title.en': 'x'.repeat(81) });
    expect(long).toMatchObject({
      status: 400,
      body: { fieldErrors: { 'points.0.title.en': 'The title of the reason must be at most 80 characters.' } },
    });
    expect((await post(fields)).status).toBe(200);
    expect((await content.why()).points).toEqual([
      { id: first!.id, title: { en: 'Small classes', ne: '' }, text: { en: 'Teachers know every student.', ne: '' } },
    ]);
  });
});

describe('refusals of rows after an emptied row', () => {
  it('are shown on the footer row that was refused, not on the one before it', async () => {
    const before = await content.footer();
    const refused = await post({
      intent: 'footer',
      version: String(before.version),
      'items.0.en': 'BSc CSIT',
      'items.0.ne': '',
      'items.1.en': '',
      'items.1.ne': '',
      'items.2.en': 'x'.repeat(61),
      'items.2.ne': '',
    });
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.body as { fieldErrors: object }).fieldErrors)).toEqual(['items.2.en']);
    expect((await content.footer()).items).toEqual(before.items);
  });

  it('are shown on the reason that was refused, not on the one before it', async () => {
    const before = await content.why();
    const refused = await post({
      intent: 'why',
      version: String(before.version),
      'heading.en': 'Why choose us',
      'intro.en': '',
      'points.0.id': before.points[0]!.id,
      'points.0.title.en': 'Small classes',
      'points.0.text.en': 'Teachers know every student.',
      'points.1.id': '',
      'points.1.title.en': '',
      'points.1.text.en': '',
      'points.2.id': '',
      'points.2.title.en': 'x'.repeat(81),
      'points.2.text.en': 'A long title.',
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { fieldErrors: { 'points.2.title.en': 'The title of the reason must be at most 80 characters.' } },
    });
    expect(Object.keys((refused.body as { fieldErrors: object }).fieldErrors)).toEqual(['points.2.title.en']);
  });
});

describe('people', () => {
  it("saves the principal's message and leaves the chairman's as it was", async () => {
    const before = await content.messages();
    const { status } = await post({
      intent: 'message',
      key: 'principal',
      version: String(before.version),
      'name.en': 'Ram Sharma',
      'role.en': 'Principal',
      'heading.en': 'Welcome',
      'body.en': 'First paragraph.\n\nSecond paragraph.',
    });
    expect(status).toBe(200);
    const after = await content.messages();
    expect(after.chairman).toEqual(before.chairman);
    expect(after.principal).toMatchObject({
      name: { en: 'Ram Sharma' },
      body: { en: 'First paragraph.\n\nSecond paragraph.' },
    });
  });

  it('refuses a testimonial without its quote beside the quote', async () => {
    const before = await content.testimonials();
    const { status, body } = await post({
      intent: 'testimonial',
      version: String(before.version),
      'student.en': 'BBS student',
      'quote.en': '',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ fieldErrors: { 'quote.en': 'Enter the quote.' } });
  });
});

describe('the prospectus', () => {
  it("refuses a file that is not a PDF with the server's words, and takes a PDF", async () => {
    const notPdf = await post({ intent: 'prospectus', file: new File(['plain text'], 'a.pdf') });
    expect(notPdf).toMatchObject({ status: 415, body: { ok: false, message: PDF_ERRORS.notPdf.message } });
    const missing = await post({ intent: 'prospectus' });
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { file: PDF_ERRORS.missing.message } } });

    const pdf = makePdf({ pages: 3 });
    expect((await post({ intent: 'prospectus', file: new File([new Uint8Array(pdf)], 'p.pdf') })).status).toBe(200);
    const { prospectus } = await t.app.services.content.get('downloads');
    expect(prospectus).toMatchObject({
      bytes: pdf.length,
      pages: 3,
      isDefault: false,
      url: '/downloads/prospectus.pdf',
    });
  });

  it('goes back to the placeholder after an upload, or removes the prospectus', async () => {
    const pdf = makePdf({ pages: 1 });
    expect((await post({ intent: 'prospectus', file: new File([new Uint8Array(pdf)], 'p.pdf') })).status).toBe(200);
    expect((await t.app.services.content.get('downloads')).prospectus).toMatchObject({ isDefault: false });

    const builtin = await post({ intent: 'prospectus-builtin' });
    expect(builtin).toEqual({ status: 200, body: { ok: true, message: 'Saved.' } });
    expect((await t.app.services.content.get('downloads')).prospectus).toMatchObject({ isDefault: true, pages: null });

    expect((await post({ intent: 'prospectus-remove', id: 'prospectus' })).status).toBe(200);
    expect((await t.app.services.content.get('downloads')).prospectus).toBeNull();
    expect((await post({ intent: 'prospectus-builtin' })).status).toBe(200);
    expect((await t.app.services.content.get('downloads')).prospectus).toMatchObject({ isDefault: true });
  });
});
