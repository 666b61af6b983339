/**
 * A hundred photos sent at once, as the bulk uploader does from a phone's gallery: the bounded queue takes
 * what it may hold, refuses the rest with 503 and Retry-After (storing nothing of them), and once the
 * worker catches up the refused ones are taken on their retry. Every photo ends ready, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, AlbumWithPhotos, PhotoState } from '#common/gallery.ts';
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
import { createAlbum, uploadToAlbum } from '#server/test-support/albums.ts';
import { buildImage } from '#server/test-support/factories.ts';

const UPLOADS = 100;
const QUEUE_MAX = 60;
let t: AdminTestApp;
let album: Album;

beforeAll(async () => {
  t = await createAdminTestApp({ PHOTO_QUEUE_MAX: String(QUEUE_MAX) });
  album = await createAlbum(t, 'science-exhibition');
});
afterAll(() => t.close());

const upload = (body: Buffer) => uploadToAlbum(t, album.id, body);

describe(`the photo queue under ${UPLOADS} uploads at once`, () => {
  it(`takes ${QUEUE_MAX}, refuses the rest without storing them, then takes the retries: all ${UPLOADS} end ready once`, async () => {
    // Distinct photos (each its own size), so that none could be mistaken for another.
    const photos = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => buildImage({ width: 200 + i, height: 150 })),
    );
    const first = await Promise.all(photos.map((p) => upload(p)));
    const accepted = first.filter((r) => r.statusCode === 202);
    const refused = first.map((r, i) => ({ r, i })).filter(({ r }) => r.statusCode !== 202);
    expect(accepted).toHaveLength(QUEUE_MAX);
    expect(refused).toHaveLength(UPLOADS - QUEUE_MAX);
    for (const { r } of refused) {
      expect(r.statusCode).toBe(503);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.json().error.code).toBe('image/queue-full');
    }
    // Only the accepted ones are stored: one row and one original each.
    expect(await t.db.selectFrom('images').select('id').execute()).toHaveLength(QUEUE_MAX);
    expect(await listFiles(t.uploadsDir)).toHaveLength(QUEUE_MAX);

    // The worker catches up; the office's uploader retries each refused file (only those).
    expect(await t.app.services.photoQueue.drain()).toBe(QUEUE_MAX);
    const retried = await Promise.all(refused.map(({ i }) => upload(photos[i]!)));
    expect(retried.map((r) => r.statusCode)).toEqual(refused.map(() => 202));
    expect(await t.app.services.photoQueue.drain()).toBe(UPLOADS - QUEUE_MAX);

    const ids = [...accepted, ...retried].map((r) => r.json<PhotoState>().id);
    expect(new Set(ids).size).toBe(UPLOADS);
    const states = await t.asAdmin({ method: 'GET', url: `/api/admin/photos/states?ids=${ids.join(',')}` });
    expect(states.statusCode, states.body).toBe(200);
    expect(states.json<{ photos: PhotoState[] }>().photos.map((p) => p.state)).toEqual(ids.map(() => 'ready'));

    const shown = (await t.anonymous({ method: 'GET', url: '/api/albums/science-exhibition' })).json<AlbumWithPhotos>();
    expect(shown.album.photoCount).toBe(UPLOADS);
    expect(new Set(shown.photos.map((p) => p.id))).toEqual(new Set(ids));
    const files = await listFiles(t.uploadsDir);
    expect(files.filter((f) => f.startsWith('photo-originals/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('img/'))).toHaveLength(UPLOADS * 3);
    // A hundred photos drawn in three sizes by one low-priority process: 10-25 s on a quiet 2-core machine, and
    // past the default 30 s while another test file shares the cores.
  }, 120_000);
});
