import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLIDE_ALT_REQUIRED } from '#common/site-content/banner.ts';
import type { Banner } from '#common/site-content/banner.ts';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import type { SiteContent } from '#common/site-content/site.ts';
import { fileOwners } from '#server/modules/media/index.ts';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { sweepStorage } from '#server/storage/storage-sweep.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ UPLOAD_MAX_MB: '1' });
});
afterAll(() => t.close());

type Versioned<T> = T & { version: number };
const siteFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('site/'));
const publicContent = async () => (await t.app.inject({ method: 'GET', url: '/api/content' })).json<SiteContent>();
const read = async <T>(section: string) =>
  (await t.asAdmin({ method: 'GET', url: `/api/admin/content/${section}` })).json<Versioned<T>>();
const upload = (url: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return t.asAdmin({ method: 'POST', url, payload, headers });
};
const addSlide = async (alt: string | null, body?: Buffer) =>
  upload('/api/admin/content/banner/slides', [
    ...(alt === null ? [] : [{ name: 'alt', value: alt }]),
    { body: body ?? (await buildImage({ width: 1600, height: 800 })), filename: 'campus.jpg' },
  ]);

describe('the banner drawings the site ships with', () => {
  it('serves a drawing at its hashed address for a year, and nothing else there', async () => {
    const drawing = (await t.app.services.content.get('banner')).slides.find((s) => s.picture.isDefault);
    expect(drawing?.picture.src).toMatch(/^\/drawings\/banner-\d-[0-9a-f]{12}\.svg$/u);
    const res = await t.app.inject({ method: 'GET', url: drawing!.picture.src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/drawings/banner-1-000000000000.svg' })).statusCode).toBe(404);
  });

  it('gives the first slide’s drawing to the home page as a data: address of the same picture', async () => {
    const first = (await t.app.services.content.get('banner')).slides[0]!.picture;
    const inline = await t.app.services.content.firstSlideInline();
    expect(inline).toMatch(/^data:image\/svg\+xml,%3Csvg /u);
    const served = await t.app.inject({ method: 'GET', url: first.src });
    expect(decodeURIComponent(inline!.slice('data:image/svg+xml,'.length))).toBe(
      served.body.replace(/\s+/gu, ' ').trim(),
    );
    // Compressed with the page, it costs about what the file would (base64 would near double it).
    const brotli = (text: string) => zlib.brotliCompressSync(Buffer.from(text)).length;
    expect(brotli(inline!)).toBeLessThan(brotli(served.body) * 1.15);
  });
});

describe('banner slides', () => {
  it('adds a slide with its description; the public banner carries it at once, as responsive variants', async () => {
    const res = await addSlide('Students in the science laboratory');
    expect(res.statusCode, res.body).toBe(201);
    const banner = res.json<Versioned<Banner>>();
    expect(banner.slides).toHaveLength(8);
    const slide = banner.slides.at(-1)!;
    expect(slide.alt).toEqual({ en: 'Students in the science laboratory', ne: '' });
    expect(slide.picture).toMatchObject({ width: 1600, height: 800, isDefault: false });
    expect(slide.picture.srcset?.avif).toContain('1600w');

    expect((await publicContent()).banner.slides.at(-1)).toEqual(slide);
    const file = await t.app.inject({ method: 'GET', url: slide.picture.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a slide without a description, before storing anything', async () => {
    const before = await siteFiles();
    for (const alt of [null, '', '   ']) {
      const res = await addSlide(alt);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'validation', message: SLIDE_ALT_REQUIRED } });
    }
    expect(await siteFiles()).toEqual(before);
    expect((await read<Banner>('banner')).slides).toHaveLength(8);
  });

  it('keeps the Nepali description sent beside the English one', async () => {
    const res = await upload('/api/admin/content/banner/slides', [
      { name: 'alt', value: 'The college gate' },
      { name: 'altNe', value: 'कलेजको गेट' },
      { body: await buildImage(), filename: 'gate.png' },
    ]);
    expect(res.json<Banner>().slides.at(-1)?.alt).toEqual({ en: 'The college gate', ne: 'कलेजको गेट' });
  });

  it('refuses what is not an image, and a missing file, with the photo-upload messages', async () => {
    const notImage = await addSlide('A photo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ error: { code: 'image/unsupported' } });

    const missing = await upload('/api/admin/content/banner/slides', [{ name: 'alt', value: 'A photo' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { code: 'image/missing', message: 'Please select a image.' } });
  });

  it('refuses a photo over the upload size limit with the photo-upload message', async () => {
    const res = await addSlide('Too big', Buffer.alloc(1024 * 1024 + 1, 0xff));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'image/too-large', message: 'The file is larger than 1 MB. Please choose a smaller image.' },
    });
  });

  it(`holds at most ${CONTENT_LIMITS.bannerSlidesMax} slides`, async () => {
    let count = (await read<Banner>('banner')).slides.length;
    while (count < CONTENT_LIMITS.bannerSlidesMax) {
      expect((await addSlide(`Slide ${count + 1}`)).statusCode).toBe(201);
      count += 1;
    }
    const before = await siteFiles();
    const res = await addSlide('One too many');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'content/banner-full' } });
    expect(await siteFiles()).toEqual(before);
  });

  it('reorders and deletes slides with a save; a deleted photo leaves storage', async () => {
    const banner = await read<Banner>('banner');
    const uploaded = banner.slides.filter((s) => !s.picture.isDefault);
    const [gone, ...kept] = uploaded;
    const goneFiles = (await siteFiles()).filter((f) => f.startsWith(`site/${gone!.picture.id}/`));
    expect(goneFiles.length).toBeGreaterThan(0);

    const slides = [...kept].reverse().map((s) => ({ id: s.id, alt: s.alt }));
    const res = await t.asAdmin({
      method: 'PUT',
      url: '/api/admin/content/banner',
      payload: { version: banner.version, slides },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Banner>().slides;
    expect(saved.map((s) => s.id)).toEqual(slides.map((s) => s.id));
    expect(saved.map((s) => s.picture)).toEqual([...kept].reverse().map((s) => s.picture));
    expect((await siteFiles()).filter((f) => goneFiles.includes(f))).toEqual([]);
    expect((await publicContent()).banner.slides.every((s) => !s.picture.isDefault)).toBe(true);
    // An uploaded photo first: the home page keeps its responsive picture (preloaded), nothing inline.
    expect(await t.app.services.content.firstSlideInline()).toBeNull();
  });
});

describe('course pictures and people photos', () => {
  it('shows an uploaded picture on a course card, keeps it through a save, and drops it for an icon', async () => {
    const res = await upload('/api/admin/content/courses/default-course-2/picture', [{ body: await buildImage() }]);
    expect(res.statusCode, res.body).toBe(200);
    const courses =
      res.json<Versioned<{ cards: { id: string; icon: { kind: string; picture?: { id: string } } }[] }>>();
    const card = courses.cards.find((c) => c.id === 'default-course-2')!;
    expect(card.icon.kind).toBe('picture');
    const pictureId = card.icon.picture!.id;

    const keep = courses.cards.map((c) => ({ ...c, icon: c.icon.kind === 'picture' ? { kind: 'picture' } : c.icon }));
    const kept = await t.asAdmin({
      method: 'PUT',
      url: '/api/admin/content/courses',
      payload: { version: courses.version, cards: keep },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await siteFiles()).toEqual(expect.arrayContaining([expect.stringContaining(pictureId)]));

    const icons = courses.cards.map((c) => ({ ...c, icon: { kind: 'icon', name: 'chip' } }));
    await t.asAdmin({
      method: 'PUT',
      url: '/api/admin/content/courses',
      payload: { version: courses.version + 1, cards: icons },
    });
    expect((await siteFiles()).some((f) => f.includes(pictureId))).toBe(false);
  });

  it('answers 404 for a picture of a course that does not exist', async () => {
    const res = await upload('/api/admin/content/courses/no-such-course/picture', [{ body: await buildImage() }]);
    expect(res.statusCode).toBe(404);
  });

  it("replaces the principal's photo (the old one leaves storage) and removes it with a save", async () => {
    const first = await upload('/api/admin/content/messages/principal/photo', [{ body: await buildImage() }]);
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json<{ principal: { photo: { id: string } } }>().principal.photo.id;
    const second = await upload('/api/admin/content/messages/principal/photo', [{ body: await buildImage() }]);
    const messages = second.json<Versioned<{ principal: { photo: { id: string } }; chairman: { photo: null } }>>();
    expect(messages.principal.photo.id).not.toBe(firstId);
    expect(messages.chairman.photo).toBeNull();
    expect((await siteFiles()).some((f) => f.includes(firstId))).toBe(false);
    expect((await publicContent()).messages.principal.photo?.id).toBe(messages.principal.photo.id);

    const removed = await t.asAdmin({
      method: 'PUT',
      url: '/api/admin/content/messages',
      payload: {
        version: messages.version,
        chairman: { ...messages.chairman, photo: 'keep' },
        principal: { ...messages.principal, photo: 'none' },
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await siteFiles()).some((f) => f.includes(messages.principal.photo.id))).toBe(false);
  });

  it('knows only the chairman and the principal', async () => {
    const res = await upload('/api/admin/content/messages/treasurer/photo', [{ body: await buildImage() }]);
    expect(res.statusCode).toBe(400);
  });
});

describe('the prospectus', () => {
  const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex');
  const getProspectus = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/downloads/prospectus.pdf', headers });

  it('serves the placeholder the site ships with until the college uploads its own', async () => {
    const res = await getProspectus();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await publicContent()).downloads.prospectus).toMatchObject({
      url: '/downloads/prospectus.pdf',
      pages: null,
      isDefault: true,
    });
  });

  it('takes an uploaded PDF and serves it at the same address, with our own file name, nosniff and a sandbox', async () => {
    const pdf = makePdf({ pages: 3 });
    const res = await upload('/api/admin/content/downloads/prospectus', [
      { body: pdf, filename: 'Scan 2083 FINAL (2).pdf', contentType: 'application/octet-stream' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ prospectus: { url: '/downloads/prospectus.pdf', bytes: pdf.length, pages: 3 } });

    const served = await getProspectus();
    expect(served.statusCode).toBe(200);
    expect(sha(served.rawPayload)).toBe(sha(pdf));
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'content-disposition': 'inline; filename="orbit-college-prospectus.pdf"',
      'cache-control': 'no-cache',
    });
    const again = await getProspectus({ 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('replacing it keeps the address, serves the new file and removes the old one from storage', async () => {
    const before = (await siteFiles()).filter((f) => f.startsWith('site/prospectus/'));
    expect(before).toHaveLength(1);
    const pdf = makePdf({ pages: 5 });
    expect((await upload('/api/admin/content/downloads/prospectus', [{ body: pdf }])).statusCode).toBe(200);
    expect(sha((await getProspectus()).rawPayload)).toBe(sha(pdf));
    const after = (await siteFiles()).filter((f) => f.startsWith('site/prospectus/'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('refuses a text file named .pdf, and a PDF needing a password, and keeps the one it has', async () => {
    const current = (await getProspectus()).rawPayload;
    const text = await upload('/api/admin/content/downloads/prospectus', [
      {
        body: Buffer.from('Prospectus 2083: see the office.'),
        filename: 'prospectus.pdf',
        contentType: 'application/pdf',
      },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: PDF_ERRORS.notPdf });
    const locked = await upload('/api/admin/content/downloads/prospectus', [{ body: makePdf({ encrypted: true }) }]);
    expect(locked.json()).toEqual({ error: PDF_ERRORS.encrypted });
    const missing = await upload('/api/admin/content/downloads/prospectus', [{ name: 'note', value: 'x' }]);
    expect(missing.json()).toEqual({ error: PDF_ERRORS.missing });
    expect(sha((await getProspectus()).rawPayload)).toBe(sha(current));
  });

  it(`accepts a PDF of exactly 20 MB and refuses one byte more`, async () => {
    const limit = CONTENT_LIMITS.prospectusBytes;
    const atLimit = makePdf({ pages: 2, totalBytes: limit });
    expect(atLimit.length).toBe(limit);
    const ok = await upload('/api/admin/content/downloads/prospectus', [{ body: atLimit }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await upload('/api/admin/content/downloads/prospectus', [
      { body: makePdf({ pages: 2, totalBytes: limit + 1 }) },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: PDF_ERRORS.tooLarge });
  });
});

describe('the storage sweep', () => {
  it('never removes a file the content refers to, and removes one it does not', async () => {
    const storage = createLocalStorage(t.uploadsDir);
    await storage.put('site/left-over/abc-400.jpg', Buffer.from('x'), 'image/jpeg');
    const referenced = await siteFiles();
    const report = await sweepStorage(storage, fileOwners(t.db), { minAgeMs: 0 });
    expect(report.missing).toEqual([]);
    expect(report.orphans).toEqual(['site/left-over/abc-400.jpg']);
    expect(await siteFiles()).toEqual(referenced.filter((f) => f !== 'site/left-over/abc-400.jpg'));
    expect(await siteFiles()).toEqual(expect.arrayContaining([expect.stringMatching(/^site\/prospectus\//u)]));
  });
});
