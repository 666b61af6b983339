import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { sniffImageFormat } from '#server/images/sniff.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

let image: Image;
beforeAll(async () => {
  image = await t.services.images.create(COMMAND_LINE_ACTOR, 'gallery', await buildImage({ width: 820, height: 500 }));
});

const firstUrl = (srcset: string) => srcset.split(' ')[0]!;

describe('GET /media/*', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ] as const)('serves a %s variant with its content type and a year-long immutable cache', async (format, type) => {
    const url = firstUrl(image.srcset[format]);
    const res = await t.app.inject({ method: 'GET', url });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(sniffImageFormat(res.rawPayload)).toBe(format);
  });

  it('serves the image given as src', async () => {
    const res = await t.app.inject({ method: 'GET', url: image.src });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for a key that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/img/00000000-0000-0000-0000-000000000000/x-400.jpg' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('answers 404 for paths that try to leave the uploads folder, even to a file that exists', async () => {
    // The database file sits one level above DATA_DIR/uploads: none of these may reach it.
    // On PostgreSQL there is no database file there: make sure one exists (appending nothing changes no byte).
    fs.appendFileSync(path.join(t.dataDir, 'orbit.sqlite'), '');
    expect(fs.existsSync(path.join(t.dataDir, 'orbit.sqlite'))).toBe(true);
    for (const url of [
      '/media/../orbit.sqlite',
      '/media/..%2forbit.sqlite',
      '/media/%2e%2e/orbit.sqlite',
      '/media/%2e%2e%2forbit.sqlite',
      '/media/img/..%2f..%2forbit.sqlite',
      '/media/..%5corbit.sqlite',
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.subarray(0, 15).toString('latin1'), url).not.toBe('SQLite format 3');
    }
  });
});
