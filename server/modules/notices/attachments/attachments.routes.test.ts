import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import { ATTACHMENT_ERRORS, type Attachment, NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { fileOwners } from '#server/modules/media/index.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { sweepStorage } from '#server/storage/storage-sweep.ts';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { buildImage, buildNoticeInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';

// Each PDF is opened and drawn in a worker and made into six pictures: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

// The time the tests started, until a test moves it forward.
const clock = new ManualClock();
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({}, undefined, clock);
});
afterAll(() => t.close());

const noticeFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('notices/'));

async function newNotice(title = 'Exam routine: Class 11'): Promise<string> {
  const res = await t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: buildNoticeInput({ title }) });
  expect(res.statusCode).toBe(201);
  return res.json<Notice>().id;
}

function attach(noticeId: string, body: Buffer, filename = 'upload.pdf', contentType = 'application/pdf') {
  const form = multipart([{ body, filename, contentType }]);
  return t.asAdmin({
    method: 'POST',
    url: `/api/admin/notices/${noticeId}/attachments`,
    headers: form.headers,
    payload: form.payload,
  });
}

async function noticeFromApi(id: string): Promise<Notice | undefined> {
  const { notices } = (await t.app.inject({ method: 'GET', url: '/api/notices' })).json<{ notices: Notice[] }>();
  return notices.find((n) => n.id === id);
}

describe('POST /api/admin/notices/:id/attachments', () => {
  it('accepts a PDF by its content, draws its first page, and lists it with the notice', async () => {
    const id = await newNotice();
    const pdf = makePdf({ pages: 3 });
    const res = await attach(id, pdf, 'scan-from-office.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const attachment = res.json<Attachment>();
    expect(attachment).toMatchObject({ kind: 'pdf', bytes: pdf.length, pages: 3 });
    expect(attachment.url).toBe(`/attachments/${attachment.id}/exam-routine-class-11.pdf`);
    // Page 1 (a US Letter page) drawn at the thumbnail width, then made into the pipeline's sizes.
    expect(attachment.picture.width).toBe(NOTICE_ATTACHMENT_LIMITS.thumbnailWidth);
    expect(attachment.picture.height).toBe(Math.round((NOTICE_ATTACHMENT_LIMITS.thumbnailWidth * 792) / 612));
    expect(attachment.picture.srcset.avif).toMatch(/ 400w, .* 800w$/u);
    expect((await noticeFromApi(id))?.attachments).toEqual([attachment]);

    const file = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'content-disposition': 'inline; filename="exam-routine-class-11.pdf"',
    });
    const thumb = await t.app.inject({ method: 'GET', url: attachment.picture.src });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    // Its size, which link previews are told, is the served picture's.
    const served = await sharp(thumb.rawPayload).metadata();
    expect([attachment.picture.srcWidth, attachment.picture.srcHeight]).toEqual([served.width, served.height]);
    // The uploader's file name is never used, and the files are not reachable through /media.
    expect(JSON.stringify(attachment)).not.toContain('scan-from-office');
    const viaMedia = (await noticeFiles()).find((f) => f.endsWith('.pdf'))!;
    expect((await t.app.inject({ method: 'GET', url: `/media/${viaMedia}` })).statusCode).toBe(404);
  });

  it('accepts a scan (a photo of the paper) through the image pipeline, named after the notice', async () => {
    const id = await newNotice('Holiday notice for Tihar');
    const res = await attach(id, await buildImage({ width: 1200, height: 1600 }), 'IMG_2041.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const scan = res.json<Attachment>();
    expect(scan).toMatchObject({ kind: 'image', pages: null, picture: { width: 1200, height: 1600 } });
    expect(scan.url).toBe(scan.picture.full);
    const file = await t.app.inject({ method: 'GET', url: scan.url });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('inline; filename="holiday-notice-for-tihar.jpg"');
    expect(file.headers['content-security-policy']).not.toContain('sandbox');
  });

  it('refuses a text file named .pdf, by its content, and stores nothing', async () => {
    const id = await newNotice();
    const before = await noticeFiles();
    const res = await attach(id, Buffer.from('Dear parents, the exam routine is attached.'), 'routine.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: ATTACHMENT_ERRORS.unsupported });
    expect(await noticeFiles()).toEqual(before);
    expect((await noticeFromApi(id))?.attachments).toEqual([]);
  });

  it('refuses a PDF of 51 pages and accepts one of 50', async () => {
    const id = await newNotice();
    const over = await attach(id, makePdf({ pages: 51 }));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      error: { code: 'pdf/too-many-pages', message: 'The PDF has more than 50 pages. Please attach a shorter file.' },
    });
    const atLimit = await attach(id, makePdf({ pages: 50 }));
    expect(atLimit.statusCode).toBe(201);
    expect(atLimit.json<Attachment>().pages).toBe(50);
  });

  it('refuses a PDF with a PDF header that pdf.js cannot open', async () => {
    const id = await newNotice();
    const res = await attach(id, Buffer.from('%PDF-1.7\nnot really a document\n%%EOF\n'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: PDF_ERRORS.unreadable });
  });

  it('refuses a sixth attachment with 409, keeping the five', async () => {
    const id = await newNotice();
    const scan = await buildImage({ width: 300, height: 400, format: 'png' });
    for (let i = 0; i < NOTICE_ATTACHMENT_LIMITS.perNotice; i++) expect((await attach(id, scan)).statusCode).toBe(201);
    const files = await noticeFiles();
    const sixth = await attach(id, makePdf());
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ error: ATTACHMENT_ERRORS.full });
    expect(await noticeFiles()).toEqual(files);
    expect((await noticeFromApi(id))?.attachments).toHaveLength(5);
  });

  it('answers 404 for a notice that does not exist, storing nothing', async () => {
    const before = await noticeFiles();
    const res = await attach('no-such-notice', makePdf());
    expect(res.statusCode).toBe(404);
    expect(await noticeFiles()).toEqual(before);
  });
});

describe('a scheduled notice', () => {
  it('has its files served only once its publish time has come', async () => {
    const id = await newNotice();
    const pdf = (await attach(id, makePdf())).json<Attachment>();
    const served = async () => (await t.app.inject({ method: 'GET', url: pdf.url })).statusCode;
    expect(await served()).toBe(200);
    await t.db.updateTable('notices').set({ publish_at: '2999-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect(await served()).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pdf.picture.src })).statusCode).toBe(404);
    await t.db.updateTable('notices').set({ publish_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect(await served()).toBe(200);
  });
});

describe('a PDF that takes longer than the time limit', () => {
  let slow: AdminTestApp;
  beforeAll(async () => {
    // Opening and drawing any PDF takes longer than a millisecond: the limit is what is tested.
    slow = await createAdminTestApp({ PDF_TIME_LIMIT_MS: '1' });
  });
  afterAll(() => slow.close());

  it('is refused within the limit, with nothing stored', async () => {
    const created = await slow.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: buildNoticeInput() });
    const form = multipart([{ body: makePdf({ pages: 2 }), filename: 'a.pdf', contentType: 'application/pdf' }]);
    const started = Date.now();
    const res = await slow.asAdmin({
      method: 'POST',
      url: `/api/admin/notices/${created.json<Notice>().id}/attachments`,
      headers: form.headers,
      payload: form.payload,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: PDF_ERRORS.tooSlow });
    expect(await listFiles(slow.uploadsDir)).toEqual([]);
  });
});

describe('removing', () => {
  it('DELETE of one attachment removes its row and its files, then answers 404', async () => {
    const id = await newNotice();
    const kept = (await attach(id, makePdf())).json<Attachment>();
    const before = await noticeFiles();
    const gone = (await attach(id, await buildImage())).json<Attachment>();
    const url = `/api/admin/notices/${id}/attachments/${gone.id}`;
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await noticeFiles()).toEqual(before);
    expect((await noticeFromApi(id))?.attachments).toEqual([kept]);
    expect((await t.app.inject({ method: 'GET', url: gone.url })).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it("attaching and removing each write a 'notice-edited' audit entry with the notice's title", async () => {
    const id = await newNotice('Scholarship list 2083');
    const entries = () =>
      t.db
        .selectFrom('audit_log')
        .select(['kind', 'subject'])
        .where('subject', '=', 'Scholarship list 2083')
        .where('kind', '=', 'notice-edited')
        .execute();
    const attached = (await attach(id, await buildImage())).json<Attachment>();
    expect(await entries()).toHaveLength(1);
    const url = `/api/admin/notices/${id}/attachments/${attached.id}`;
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await entries()).toHaveLength(2);
    // A removal refused (already gone) writes nothing.
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await entries()).toHaveLength(2);
  });

  it('attaching and removing each are an edit of the notice: its last change moves, its publish time does not', async () => {
    const id = await newNotice('Admission form for Grade 11');
    const created = (await noticeFromApi(id))!;
    clock.advance(60_000);
    const attachedAt = clock.now().toISOString();
    const attached = (await attach(id, await buildImage())).json<Attachment>();
    expect(await noticeFromApi(id)).toMatchObject({ publishAt: created.publishAt, updatedAt: attachedAt });
    clock.advance(60_000);
    const removedAt = clock.now().toISOString();
    const url = `/api/admin/notices/${id}/attachments/${attached.id}`;
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(204);
    expect(await noticeFromApi(id)).toMatchObject({ publishAt: created.publishAt, updatedAt: removedAt });
    // A refused removal (already gone) changes nothing.
    clock.advance(60_000);
    expect((await t.asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await noticeFromApi(id))?.updatedAt).toBe(removedAt);
  });

  it("deleting a notice removes its attachments' rows and files", async () => {
    const id = await newNotice();
    const before = await noticeFiles();
    const pdf = (await attach(id, makePdf())).json<Attachment>();
    await attach(id, await buildImage());
    expect((await noticeFiles()).length).toBeGreaterThan(before.length);
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/admin/notices/${id}` })).statusCode).toBe(204);
    expect(await noticeFiles()).toEqual(before);
    expect(await t.db.selectFrom('notice_attachments').where('notice_id', '=', id).selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(404);
  });

  it('the storage sweep keeps every attached file and removes a leftover under notices/', async () => {
    const storage = createLocalStorage(t.uploadsDir);
    const referenced = await noticeFiles();
    await storage.put('notices/left-over/abc-400.jpg', Buffer.from('x'), 'image/jpeg');
    const report = await sweepStorage(storage, fileOwners(t.db), { minAgeMs: 0 });
    expect(report.missing).toEqual([]);
    expect(report.orphans).toEqual(['notices/left-over/abc-400.jpg']);
    expect(await noticeFiles()).toEqual(referenced);
  });
});

describe('without a session', () => {
  it('answers 401 on both attachment routes and changes nothing', async () => {
    const id = await newNotice();
    const attached = (await attach(id, makePdf())).json<Attachment>();
    const before = await noticeFiles();
    const form = multipart([{ body: makePdf(), filename: 'a.pdf', contentType: 'application/pdf' }]);
    const post = await t.anonymous({
      method: 'POST',
      url: `/api/admin/notices/${id}/attachments`,
      headers: form.headers,
      payload: form.payload,
    });
    const del = await t.anonymous({ method: 'DELETE', url: `/api/admin/notices/${id}/attachments/${attached.id}` });
    for (const res of [post, del]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
    expect(await noticeFiles()).toEqual(before);
    expect((await noticeFromApi(id))?.attachments).toEqual([attached]);
  });
});
