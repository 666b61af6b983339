import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { type WriteFile, createLocalStorage, writeFileDurably } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import {
  type AdminTestApp,
  type FilePart,
  createAdminTestApp,
  listFiles,
  multipart,
} from '#server/test-support/admin-session.ts';

/** A small real photo-like image: noise over a colour, so it is not trivially compressible. */
function photo(format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg', width = 640, height = 480): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .toFormat(format)
    .toBuffer();
}

const VARIANT_FILE = /^img\/[0-9a-f-]{36}\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/u;

let t: AdminTestApp;
beforeAll(async () => {
  // 1 MB and 1 megapixel, so the limits can be crossed with small files.
  t = await createAdminTestApp({ UPLOAD_MAX_MB: '1', IMAGE_MAX_MEGAPIXELS: '1' });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const folder of ['gallery', 'featured'] as const) {
    for (const image of await t.app.services.images.list(folder))
      await t.app.services.images.remove(COMMAND_LINE_ACTOR, image.id);
  }
});

function upload(folder: string, parts: FilePart[] | Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(parts);
  return t.asAdmin({ method: 'POST', url: `/api/admin/images/${folder}`, payload, headers });
}

async function rowCount(): Promise<number> {
  const rows = await t.db.selectFrom('images').select('id').execute();
  return rows.length;
}

/** Nothing left behind: no row and no file in DATA_DIR/uploads. */
async function expectNothingStored(): Promise<void> {
  expect(await rowCount()).toBe(0);
  expect(await listFiles(t.uploadsDir)).toEqual([]);
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { res, body: res.rawPayload };
}

describe('POST /api/admin/images/:folder', () => {
  it('stores a JPEG as AVIF, WebP and JPEG variants under server keys, served with immutable caching', async () => {
    const res = await upload('gallery', [{ body: await photo(), filename: 'Holiday Photo.JPG' }]);
    expect(res.statusCode).toBe(201);
    const image = res.json<Image>();
    expect(image).toMatchObject({ folder: 'gallery', width: 640, height: 480 });
    expect(image.srcset.avif).toMatch(/\.avif 400w, .*\.avif 640w$/u);
    const files = await listFiles(t.uploadsDir);
    expect(files).toHaveLength(6); // 400 and 640 (capped at the original width), three formats each
    for (const file of files) expect(file).toMatch(VARIANT_FILE);
    expect(files.join()).not.toMatch(/holiday/iu);

    const { res: served, body } = await download(image.src);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(body).metadata()).format).toBe('jpeg');
    const listed = await t.app.inject({ method: 'GET', url: '/api/images?folder=gallery' });
    expect(listed.json<{ images: Image[] }>().images.map((i) => i.id)).toEqual([image.id]);
  });

  it('accepts a PNG declared as image/gif named .gif: the content decides, not the name or type', async () => {
    const res = await upload('gallery', [
      { body: await photo('png'), filename: 'animation.gif', contentType: 'image/gif' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json<Image>().src).toMatch(/\.jpg$/u);
  });

  it('accepts WebP and AVIF uploads too', async () => {
    expect(
      (await upload('gallery', [{ body: await photo('webp'), contentType: 'application/octet-stream' }])).statusCode,
    ).toBe(201);
    expect((await upload('gallery', [{ body: await photo('avif', 320, 240) }])).statusCode).toBe(201);
  });

  it('accepts an iPhone HEIC photo: the same variants, none of its metadata, a damaged one refused', async () => {
    const heic = await fs.readFile(new URL('../../images/fixtures/red-blue-640x480.heic', import.meta.url));
    const res = await upload('gallery', [{ body: heic, filename: 'IMG_0001.HEIC', contentType: 'image/heic' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json<Image>()).toMatchObject({ folder: 'gallery', width: 640, height: 480 });
    const files = await listFiles(t.uploadsDir);
    expect(files).toHaveLength(6);
    for (const file of files) {
      expect(file).toMatch(VARIANT_FILE);
      const body = await fs.readFile(path.join(t.uploadsDir, file));
      expect((await sharp(body).metadata()).exif).toBeUndefined();
      expect(body.includes('Secret Person')).toBe(false);
    }

    const damaged = await upload('gallery', [{ body: heic.subarray(0, 700), filename: 'IMG_0002.HEIC' }]);
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json()).toEqual({
      error: { code: 'image/unsupported', message: 'The image could not be read: it may be damaged or incomplete.' },
    });
    expect(await rowCount()).toBe(1);
  });

  it('refuses a text file renamed .jpg (415) and stores nothing', async () => {
    const res = await upload('gallery', [
      {
        body: Buffer.from('hello, this is not a photo\n'.repeat(50)),
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: { code: 'image/unsupported', message: 'The file is not a JPEG, PNG, WebP, AVIF or HEIC image.' },
    });
    await expectNothingStored();
  });

  it('refuses an SVG and a GIF, which are not accepted formats', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    for (const body of [svg, gif]) expect((await upload('gallery', [{ body }])).statusCode).toBe(415);
    await expectNothingStored();
  });

  it('refuses a truncated JPEG (415) and stores nothing', async () => {
    const jpeg = await photo();
    const res = await upload('gallery', [{ body: jpeg.subarray(0, Math.floor(jpeg.length * 0.7)) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: { code: 'image/unsupported', message: expect.stringMatching(/damaged or incomplete/u) },
    });
    await expectNothingStored();
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and a clear message, and stores nothing', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const res = await upload('gallery', [{ body: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'image/too-large', message: 'The file is larger than 1 MB. Please choose a smaller image.' },
    });
    await expectNothingStored();
  });

  it('refuses a decompression bomb: a tiny file over IMAGE_MAX_MEGAPIXELS (413)', async () => {
    const bomb = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload('gallery', [{ body: bomb }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'image/too-many-pixels' } });
    await expectNothingStored();
  });

  it('never uses the file name as a path: ../../etc/passwd is stored under a server key inside uploads', async () => {
    const before = await listFiles(t.dataDir);
    const res = await upload('gallery', [{ body: await photo(), filename: '../../etc/passwd' }]);
    expect(res.statusCode).toBe(201);
    const added = (await listFiles(t.dataDir)).filter((f) => !before.includes(f) && !/^orbit\.sqlite/u.test(f));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) expect(file).toMatch(/^uploads\/img\/[0-9a-f-]{36}\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/u);
    await expect(fs.access(path.join(t.dataDir, '..', 'etc', 'passwd'))).rejects.toThrow();
    await expect(fs.access(path.join(t.uploadsDir, '..', '..', 'etc', 'passwd'))).rejects.toThrow();
  });

  it("answers 400 'Please select a image.' when no file is sent", async () => {
    const noFile = await upload('gallery', [{ name: 'note', value: 'hello' }]);
    const wrongName = await upload('gallery', [{ name: 'photo', body: await photo() }]);
    const empty = await upload('gallery', [{ body: Buffer.alloc(0) }]);
    const notMultipart = await t.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload: { file: 'x' } });
    const noBody = await t.asAdmin({ method: 'POST', url: '/api/admin/images/gallery' });
    for (const res of [noFile, wrongName, empty, notMultipart, noBody]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'image/missing', message: 'Please select a image.' } });
    }
    await expectNothingStored();
  });

  it('stores only the first file when a request carries two', async () => {
    const body = await photo();
    const res = await upload('gallery', [{ body }, { body, name: 'file2' }]);
    // The first file is taken; the second one is beyond the files limit of 1 and never read.
    expect(res.statusCode).toBe(201);
    expect(await rowCount()).toBe(1);
  });

  it('refuses an unknown folder', async () => {
    const res = await upload('secret', [{ body: await photo() }]);
    expect(res.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('strips all metadata, GPS included, and applies the EXIF orientation', async () => {
    const withGps = await sharp({
      create: {
        width: 1000,
        height: 500,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100, sigma: 30 },
      },
    })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'TestPhone', Model: 'Orbit 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '27/1 42/1 3600/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '85/1 19/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    const input = await sharp(withGps).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('TestPhone'))).toBe(true);

    const res = await upload('gallery', [{ body: withGps }]);
    expect(res.statusCode).toBe(201);
    const image = res.json<Image>();
    expect({ width: image.width, height: image.height }).toEqual({ width: 500, height: 1000 }); // rotated upright
    const urls = [
      ...image.srcset.avif.split(', '),
      ...image.srcset.webp.split(', '),
      ...image.srcset.jpeg.split(', '),
    ].map((entry) => entry.split(' ')[0]!);
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      const { res: served, body } = await download(url);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(body).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.iptc, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect(body.includes(Buffer.from('TestPhone')), url).toBe(false);
    }
  });
});

describe('the featured limit of 3', () => {
  it('refuses a fourth featured image with 409 and a clear message, and stores nothing for it', async () => {
    for (let i = 0; i < 3; i++) expect((await upload('featured', [{ body: await photo() }])).statusCode).toBe(201);
    const files = await listFiles(t.uploadsDir);
    const res = await upload('featured', [{ body: await photo() }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'image/folder-full', message: 'The featured folder already holds 3 images. Delete one first.' },
    });
    expect(await t.app.services.images.count('featured')).toBe(3);
    expect(await listFiles(t.uploadsDir)).toEqual(files);
    // The gallery has no limit.
    expect((await upload('gallery', [{ body: await photo() }])).statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent uploads take the third place', async () => {
    for (let i = 0; i < 2; i++) expect((await upload('featured', [{ body: await photo() }])).statusCode).toBe(201);
    const [a, b] = await Promise.all([
      upload('featured', [{ body: await photo() }]),
      upload('featured', [{ body: await photo() }]),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect(await t.app.services.images.count('featured')).toBe(3);
    // The loser's files were removed: 3 images of 640 px, 6 files each.
    expect(await listFiles(t.uploadsDir)).toHaveLength(18);
  });
});

describe('DELETE /api/admin/images/:id', () => {
  it('deletes the row and every file (204), then answers 404 for the image already gone', async () => {
    const image = (await upload('featured', [{ body: await photo() }])).json<Image>();
    expect(await listFiles(t.uploadsDir)).toHaveLength(6);
    const first = await t.asAdmin({ method: 'DELETE', url: `/api/admin/images/${image.id}` });
    expect(first.statusCode).toBe(204);
    await expectNothingStored();
    expect((await download(image.src)).res.statusCode).toBe(404);
    const second = await t.asAdmin({ method: 'DELETE', url: `/api/admin/images/${image.id}` });
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ error: { code: 'not-found', message: 'This image does not exist.' } });
  });

  it('lets exactly one of two concurrent deletes succeed', async () => {
    const image = (await upload('gallery', [{ body: await photo() }])).json<Image>();
    const url = `/api/admin/images/${image.id}`;
    const codes = (await Promise.all([t.asAdmin({ method: 'DELETE', url }), t.asAdmin({ method: 'DELETE', url })])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([204, 404]);
    await expectNothingStored();
  });
});

describe('GET /api/admin/images/:folder', () => {
  it('lists a folder newest first', async () => {
    const first = (await upload('gallery', [{ body: await photo() }])).json<Image>();
    const second = (await upload('gallery', [{ body: await photo() }])).json<Image>();
    const res = await t.asAdmin({ method: 'GET', url: '/api/admin/images/gallery' });
    expect(res.json<{ images: Image[] }>().images.map((i) => i.id)).toEqual([second.id, first.id]);
  });
});

describe('without a session', () => {
  it('answers 401 on every image route, before reading the upload', async () => {
    const image = (await upload('gallery', [{ body: await photo() }])).json<Image>();
    const { payload, headers } = multipart([{ body: await photo() }]);
    for (const req of [
      { method: 'GET', url: '/api/admin/images/gallery' },
      { method: 'POST', url: '/api/admin/images/gallery', payload, headers },
      { method: 'POST', url: '/api/admin/images/featured', payload, headers },
      { method: 'DELETE', url: `/api/admin/images/${image.id}` },
    ] as const) {
      const res = await t.anonymous(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    }
    expect(await rowCount()).toBe(1);
  });
});

describe('when storage fails half-way', () => {
  let broken: AdminTestApp;
  let stages = 0;
  const failingOnFourthStage = (storage: Storage): Storage => ({
    ...storage,
    async stage(batch, key, body, type) {
      stages += 1;
      if (stages === 4) throw new Error('i/o error (simulated)');
      return storage.stage(batch, key, body, type);
    },
  });
  beforeAll(async () => {
    broken = await createAdminTestApp({}, failingOnFourthStage);
  });
  afterAll(() => broken.close());

  it('answers 500 without details and leaves no row and no file behind', async () => {
    const { payload, headers } = multipart([{ body: await photo() }]);
    const res = await broken.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload, headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
    expect(stages).toBe(6);
    expect(await broken.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await listFiles(broken.uploadsDir)).toEqual([]);
  });
});

describe('when the disk is full', () => {
  let full: AdminTestApp;
  let uploads: string;
  let writes = 0;
  /** The disk fills during the third file: half of it is written, then ENOSPC, as a real disk does. */
  const fillsOnThirdWrite: WriteFile = async (file, body) => {
    writes += 1;
    if (writes < 3) return writeFileDurably(file, body);
    await writeFileDurably(file, body.subarray(0, Math.floor(body.length / 2)));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
  };
  beforeAll(async () => {
    uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-full-'));
    full = await createAdminTestApp({}, () => createLocalStorage(uploads, fillsOnThirdWrite));
  });
  afterAll(async () => {
    await full.close();
    await fs.rm(uploads, { recursive: true, force: true });
  });

  it("answers 507 'The server is out of space. Nothing was saved.', with no row and no file, whole or partial", async () => {
    const { payload, headers } = multipart([{ body: await photo() }]);
    const res = await full.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload, headers });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      error: { code: 'storage/full', message: 'The server is out of space. Nothing was saved.' },
    });
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(await full.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await listFiles(uploads)).toEqual([]);
  });
});
