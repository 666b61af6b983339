import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { REFERENCE_PREFIX_RULE } from '#common/admission/application.ts';
import type { CollegeInput } from '#common/site-content/college.ts';
import type { SiteContent } from '#common/site-content/site.ts';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';

// The college's look as data: two colours checked for contrast, a logo checked by its content, and the
// favicon, app icons and manifest drawn from them, on the real app and database.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

type Versioned<T> = T & { version: number };
const readCollege = async () =>
  (await t.asAdmin({ method: 'GET', url: '/api/admin/content/college' })).json<Versioned<CollegeInput>>();
const putCollege = (payload: object) => t.asAdmin({ method: 'PUT', url: '/api/admin/content/college', payload });
const publicCollege = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/content' })).json<SiteContent>().college;
const logoFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('site/logo/'));
const uploadLogo = (body: Buffer, filename = 'logo.png') => {
  const { payload, headers } = multipart([{ body, filename, contentType: 'application/octet-stream' }]);
  return t.asAdmin({ method: 'POST', url: '/api/admin/content/college/logo', payload, headers });
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the brand colours', () => {
  it("are today's blue and orange on a site that never chose them", async () => {
    expect((await publicCollege()).colours).toEqual({ main: '#0b3d91', accent: '#f5a623' });
  });

  it('refuses a main colour without contrast, naming the field and the ratio, and stores nothing', async () => {
    const before = await readCollege();
    const res = await putCollege({ ...before, colours: { main: '#f5d442', accent: '#f5a623' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'validation',
        message: 'The main colour #f5d442 has a contrast of 1.4:1 with white text; it needs at least 4.5:1.',
      },
    });
    const after = await readCollege();
    expect(after.version).toBe(before.version);
    expect(after.colours).toEqual({ main: '#0b3d91', accent: '#f5a623' });
  });

  it('refuses an accent the dark text cannot be read on', async () => {
    const before = await readCollege();
    const res = await putCollege({ ...before, colours: { main: '#0b3d91', accent: '#3d4a60' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'The accent colour #3d4a60 has a contrast of 1.7:1 with the dark text on it (#1b2436); it needs at least 4.5:1.',
    );
    expect((await readCollege()).version).toBe(before.version);
  });

  it('stores colours that pass, and the public content and the manifest take them at once', async () => {
    const manifestBefore = await get('/manifest.webmanifest');
    const before = await readCollege();
    const res = await putCollege({ ...before, colours: { main: '#8B0000', accent: '#ffd54f' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicCollege()).colours).toEqual({ main: '#8b0000', accent: '#ffd54f' });
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json\b/u);
    expect(manifest.json()).toMatchObject({ name: 'Orbit College', theme_color: '#8b0000' });
    expect(manifest.headers.etag).not.toBe(manifestBefore.headers.etag);
    expect((await get('/manifest.webmanifest', { 'if-none-match': manifest.headers.etag! })).statusCode).toBe(304);
  });

  it('keeps the colours when the rest of the college is saved by a client that does not send them', async () => {
    const { colours: _colours, ...rest } = await readCollege();
    // An older client's save, made before the colours existed.
    const res = await putCollege({ ...rest, motto: { en: 'New motto', ne: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicCollege()).colours).toEqual({ main: '#8b0000', accent: '#ffd54f' });
    expect((await publicCollege()).motto.en).toBe('New motto');
  });
});

describe('the reference prefix', () => {
  it('is ORB, the demo’s, until the college chooses its own', async () => {
    expect((await readCollege()).referencePrefix).toBe('ORB');
    expect((await publicCollege()).referencePrefix).toBe('ORB');
  });

  it('refuses anything but 2 to 4 Latin capitals, naming the rule, and stores nothing', async () => {
    const before = await readCollege();
    for (const bad of ['O', 'ORBIT', 'orb', 'OR1', 'ओआर', '']) {
      const res = await putCollege({ ...before, referencePrefix: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ error: { code: 'validation', message: REFERENCE_PREFIX_RULE } });
    }
    const after = await readCollege();
    expect(after.version).toBe(before.version);
    expect(after.referencePrefix).toBe('ORB');
  });

  it('stores one that passes, and keeps it when a client that does not send it saves the college', async () => {
    const before = await readCollege();
    expect((await putCollege({ ...before, referencePrefix: 'HMC' })).statusCode).toBe(200);
    expect((await publicCollege()).referencePrefix).toBe('HMC');
    const { referencePrefix: _prefix, ...rest } = await readCollege();
    const res = await putCollege({ ...rest, motto: { en: 'Prefix stays', ne: '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await readCollege()).referencePrefix).toBe('HMC');
    expect((await putCollege({ ...(await readCollege()), referencePrefix: 'ORB' })).statusCode).toBe(200);
  });
});

const PLAIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60" width="120" height="60"><rect width="120" height="60" fill="#8b0000"/></svg>';

describe('the logo', () => {
  it('refuses an SVG with a script, saying why, and stores nothing', async () => {
    const before = await readCollege();
    const res = await uploadLogo(
      Buffer.from(PLAIN_SVG.replace('</svg>', '<script>alert(1)</script></svg>')),
      'logo.svg',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: {
        code: 'logo/unsafe-svg',
        message:
          'The SVG logo cannot be used: it contains a script. Save it again as a plain drawing (or as a PNG) and upload that.',
      },
    });
    expect((await readCollege()).version).toBe(before.version);
    expect((await publicCollege()).logo).toBeNull();
    expect(await logoFiles()).toEqual([]);
  });

  it('refuses an SVG that refers to an address outside itself', async () => {
    const res = await uploadLogo(
      Buffer.from(PLAIN_SVG.replace('</svg>', '<image href="https://tracker.example/x.png"/></svg>')),
      'logo.svg',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      'it refers to a file or address outside itself',
    );
  });

  it('refuses a file that is not a PNG or SVG, and one over 1 MB naming the limit', async () => {
    const notImage = await uploadLogo(Buffer.from('MZ this is a program, not a logo'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toEqual({
      error: { code: 'logo/unsupported', message: 'The logo must be a PNG or SVG image; this file is neither.' },
    });
    const large = await uploadLogo(Buffer.alloc(1024 * 1024 + 1, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      error: { code: 'logo/too-large', message: 'The logo is larger than 1 MB. Please choose a smaller file.' },
    });
    expect(await logoFiles()).toEqual([]);
    expect((await publicCollege()).logo).toBeNull();
  });

  it('stores a PNG, serves it under its content hash, and draws the icons and the favicon from it', async () => {
    const defaultFavicon = await get('/favicon.png');
    expect(defaultFavicon.statusCode).toBe(200);
    const defaultEtag = defaultFavicon.headers.etag!;
    expect((await get('/favicon.png', { 'if-none-match': defaultEtag })).statusCode).toBe(304);

    const png = await buildImage({ width: 400, height: 200, format: 'png' });
    const res = await uploadLogo(png);
    expect(res.statusCode, res.body).toBe(200);
    const { logo } = await publicCollege();
    expect(logo).toEqual({ url: expect.stringMatching(/^\/logo\/[0-9a-f]{32}\.png$/u), width: 400, height: 200 });
    expect(await logoFiles()).toHaveLength(1);

    const served = await get(logo!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 400, height: 200 });
    // The pages draw it 36 px high from a copy three times that (app/components/site-icons.tsx), not the upload.
    const markUrl = logo!.url.replace(/\.png$/u, '-h108.png');
    const mark = await get(markUrl);
    expect(mark.statusCode).toBe(200);
    expect(mark.headers['content-type']).toBe('image/png');
    expect(mark.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(mark.rawPayload).metadata()).toMatchObject({ format: 'png', width: 216, height: 108 });
    expect(mark.rawPayload.length).toBeLessThan(served.rawPayload.length);
    expect((await get(logo!.url.replace(/\.png$/u, '-h72.png'))).statusCode).toBe(404);

    const favicon = await get('/favicon.png', { 'if-none-match': defaultEtag });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers.etag).not.toBe(defaultEtag);
    for (const [url, size] of [
      ['/favicon.png', 32],
      ['/apple-touch-icon.png', 180],
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
    ] as const) {
      const icon = await get(url);
      expect(icon.headers['content-type'], url).toBe('image/png');
      expect(icon.headers['cache-control'], url).toBe('no-cache');
      expect(await sharp(icon.rawPayload).metadata(), url).toMatchObject({ width: size, height: size });
    }
    // The icon is the logo drawn small: its left half red, its right half blue, as buildImage makes it.
    const { data } = await sharp((await get('/icons/icon-192.png')).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 192 + x) * 4, (y * 192 + x) * 4 + 3)];
    expect(pixel(20, 96)).toEqual([255, 0, 0]);
    expect(pixel(170, 96)).toEqual([0, 0, 255]);
    const manifest = (await get('/manifest.webmanifest')).json<{ icons: { src: string }[] }>();
    expect(manifest.icons.map((i) => i.src)).toEqual(['/icons/icon-192.png', '/icons/icon-512.png']);
  });

  it('is drawn into printouts (the pass list) byte for byte as it is served, and not at all once removed', async () => {
    const { logo } = await publicCollege();
    const printed = await t.app.services.content.printLogo();
    expect(printed).toMatchObject({ width: 400, height: 200 });
    const bytes = Buffer.from(printed!.src.replace(/^data:image\/png;base64,/u, ''), 'base64');
    expect(bytes.equals((await get(logo!.url)).rawPayload)).toBe(true);
  });

  it('keeps the logo when the college is saved, and removing it deletes its file and restores the mark', async () => {
    const before = await readCollege();
    expect((await putCollege({ ...before, motto: { en: 'Logo stays', ne: '' } })).statusCode).toBe(200);
    const { logo } = await publicCollege();
    expect(logo).not.toBeNull();

    const removed = await t.asAdmin({ method: 'DELETE', url: '/api/admin/content/college/logo' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicCollege()).logo).toBeNull();
    expect(await logoFiles()).toEqual([]);
    expect((await get(logo!.url)).statusCode).toBe(404);
    expect(await t.app.services.content.printLogo()).toBeNull();
  });

  it('accepts a plain SVG and serves it with a policy that lets nothing in it run', async () => {
    const res = await uploadLogo(Buffer.from(PLAIN_SVG), 'logo.svg');
    expect(res.statusCode, res.body).toBe(200);
    const { logo } = await publicCollege();
    expect(logo).toMatchObject({ width: 120, height: 60 });
    const served = await get(logo!.url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toBe(PLAIN_SVG);
    // A drawing needs no small copy: the pages draw the SVG itself.
    expect((await get(logo!.url.replace(/\.svg$/u, '-h108.png'))).statusCode).toBe(404);
  });

  it('is refused to someone not signed in', async () => {
    const { payload, headers } = multipart([{ body: Buffer.from(PLAIN_SVG), filename: 'logo.svg' }]);
    const res = await t.anonymous({ method: 'POST', url: '/api/admin/content/college/logo', payload, headers });
    expect(res.statusCode).toBe(401);
    expect(await logoFiles()).toHaveLength(1);
  });
});
