import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { type S3Storage, createS3Storage } from './s3-storage.ts';

/** The app with its files in S3 (s3rver): served through /media, or straight from the bucket. */
let s3: TestS3Server;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startTestS3Server('orbit-app');
  storage = createS3Storage(s3.settings);
});
afterAll(async () => {
  storage.close();
  await s3.close();
});

async function upload(t: AdminTestApp): Promise<Image> {
  const res = await t.asAdmin({
    method: 'POST',
    url: '/api/admin/images/gallery',
    ...multipart([{ body: await buildImage({ width: 900, height: 600 }) }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Image>();
}

const keysIn = async (): Promise<string[]> => {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
};

describe('images in S3, served through the app', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await createAdminTestApp({}, () => storage);
  });
  afterAll(() => t.close());

  it('stores every variant in the bucket, none on disk, and serves them at /media', async () => {
    const image = await upload(t);
    expect(image.src).toMatch(/^\/media\/img\//u);
    const media = await t.anonymous({ method: 'GET', url: image.src });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    const key = image.src.slice('/media/'.length);
    const stored = await storage.get(key);
    expect(media.rawPayload.length).toBe(stored?.size);
    stored?.body.destroy();
    expect((await keysIn()).filter((k) => k.startsWith(key.slice(0, key.lastIndexOf('/'))))).not.toHaveLength(0);
    expect(await listFiles(t.uploadsDir)).toEqual([]);
  });

  it('deletes the objects from the bucket when the image is deleted', async () => {
    const image = await upload(t);
    const prefix = image.src.slice('/media/'.length, image.src.lastIndexOf('/'));
    expect((await keysIn()).some((k) => k.startsWith(prefix))).toBe(true);
    const res = await t.asAdmin({ method: 'DELETE', url: `/api/admin/images/${image.id}` });
    expect(res.statusCode).toBe(204);
    expect((await keysIn()).some((k) => k.startsWith(prefix))).toBe(false);
    expect((await t.anonymous({ method: 'GET', url: image.src })).statusCode).toBe(404);
  });
});

describe('images in S3, served straight from the bucket (PUBLIC_ASSET_BASE_URL)', () => {
  let t: AdminTestApp;
  let base: string;
  beforeAll(async () => {
    base = `${s3.endpoint}/${s3.bucket}`;
    t = await createAdminTestApp({ PUBLIC_ASSET_BASE_URL: `${base}/` }, () => storage);
  });
  afterAll(() => t.close());

  it('gives image URLs on the public base, and a browser fetches them from there', async () => {
    const image = await upload(t);
    expect(image.src.startsWith(`${base}/img/`)).toBe(true);
    for (const entry of image.srcset.webp.split(', ')) expect(entry.startsWith(`${base}/img/`)).toBe(true);
    const res = await fetch(image.src);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const listed = await t.anonymous({ method: 'GET', url: '/api/images?folder=gallery' });
    expect(JSON.stringify(listed.json())).toContain(`${base}/img/`);
  });
});
