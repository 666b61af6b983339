import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

let older: Image;
let newer: Image;
beforeAll(async () => {
  older = await t.services.images.create(
    COMMAND_LINE_ACTOR,
    'featured',
    await buildImage({ width: 1000, height: 750 }),
  );
  newer = await t.services.images.create(
    COMMAND_LINE_ACTOR,
    'featured',
    await buildImage({ width: 600, height: 400, format: 'png' }),
  );
  await t.services.images.create(COMMAND_LINE_ACTOR, 'gallery', await buildImage({ width: 500, height: 500 }));
});

describe('GET /api/images', () => {
  it('lists a folder newest first with width, height, src, full and a srcset per format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/images?folder=featured' });

    expect(res.statusCode).toBe(200);
    const { images } = res.json<{ images: Image[] }>();
    expect(images.map((i) => i.id)).toEqual([newer.id, older.id]);
    const image = images[1]!;
    expect(image).toEqual({
      id: older.id,
      folder: 'featured',
      width: 1000,
      height: 750,
      src: expect.stringMatching(/^\/media\/img\/[0-9a-f-]+\/[0-9a-f]{16}-800\.jpg$/u),
      full: expect.stringMatching(/^\/media\/img\/[0-9a-f-]+\/[0-9a-f]{16}-1000\.jpg$/u),
      srcset: {
        avif: expect.stringMatching(
          /^\/media\/\S+-400\.avif 400w, \/media\/\S+-800\.avif 800w, \/media\/\S+-1000\.avif 1000w$/u,
        ),
        webp: expect.stringMatching(
          /^\/media\/\S+-400\.webp 400w, \/media\/\S+-800\.webp 800w, \/media\/\S+-1000\.webp 1000w$/u,
        ),
        jpeg: expect.stringMatching(
          /^\/media\/\S+-400\.jpg 400w, \/media\/\S+-800\.jpg 800w, \/media\/\S+-1000\.jpg 1000w$/u,
        ),
      },
      createdAt: expect.any(String),
      // Uploaded straight to a folder: no album, no words yet.
      albumId: null,
      caption: { en: '', ne: '' },
      alt: { en: '', ne: '' },
    });
  });

  it('caps the widths at the original width', async () => {
    const { images } = (await t.app.inject({ method: 'GET', url: '/api/images?folder=featured' })).json<{
      images: Image[];
    }>();
    const small = images[0]!;
    expect([small.width, small.height]).toEqual([600, 400]);
    expect(small.srcset.jpeg).toMatch(/-400\.jpg 400w, \S+-600\.jpg 600w$/u);
    expect(small.full).toMatch(/-600\.jpg$/u);
  });

  it('lists only the asked folder', async () => {
    const { images } = (await t.app.inject({ method: 'GET', url: '/api/images?folder=gallery' })).json<{
      images: Image[];
    }>();
    expect(images).toHaveLength(1);
    expect(images[0]!.folder).toBe('gallery');
  });

  it('answers 400 with a validation error for an unknown or missing folder', async () => {
    for (const url of ['/api/images?folder=secret', '/api/images?folder=../gallery', '/api/images']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'validation', message: expect.any(String) } });
    }
  });
});
