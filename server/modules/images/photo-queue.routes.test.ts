import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Album, AlbumWithPhotos, PhotoState } from '#common/gallery.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { MACHINE_TAG } from '#server/storage/batch-owner.ts';
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
import { createAlbum, uploadToAlbum } from '#server/test-support/albums.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { CLAIM_MS } from './photo-queue.ts';
import { claimNext } from './photo-queue.repository.ts';

const QUEUE_MAX = 3;
const clock = new ManualClock('2026-11-26T06:00:00Z');
let t: AdminTestApp;
let album: Album;
beforeAll(async () => {
  t = await createAdminTestApp({ PHOTO_QUEUE_MAX: String(QUEUE_MAX), ...SESSIONS_OUTLAST_CLOCK }, undefined, clock);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const image of await t.db.selectFrom('images').select('id').execute())
    await t.app.services.images.remove(COMMAND_LINE_ACTOR, image.id);
  await t.db.deleteFrom('gallery_albums').execute();
  album = await createAlbum(t, 'sports-week');
});

const upload = (body: Buffer) => uploadToAlbum(t, album.id, body);

async function queued(body?: Buffer): Promise<string> {
  const res = await upload(body ?? (await buildImage({ width: 320, height: 240 })));
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json<PhotoState>()).toMatchObject({ state: 'processing', failure: '' });
  return res.json<PhotoState>().id;
}

async function states(ids: string[]): Promise<PhotoState[]> {
  const res = await t.asAdmin({ method: 'GET', url: `/api/admin/photos/states?ids=${ids.join(',')}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ photos: PhotoState[] }>().photos;
}

const publicAlbum = async () =>
  (await t.anonymous({ method: 'GET', url: '/api/albums/sports-week' })).json<AlbumWithPhotos>();
const adminAlbum = async () =>
  (await t.asAdmin({ method: 'GET', url: `/api/admin/albums/${album.id}` })).json<AlbumWithPhotos>();

describe('the photo queue', () => {
  it('answers 202 at once, shows the photo nowhere public until the worker made it ready, then at the end of its album', async () => {
    const id = await queued();
    expect(await states([id])).toEqual([{ id, state: 'processing', failure: '' }]);
    // Stored durably: the original only, which /media never serves (it still carries its metadata).
    expect(await listFiles(t.uploadsDir)).toEqual([`photo-originals/${id}`]);
    expect((await t.anonymous({ method: 'GET', url: `/media/photo-originals/${id}` })).statusCode).toBe(404);
    expect(await publicAlbum()).toMatchObject({ album: { photoCount: 0, cover: null }, photos: [] });
    expect((await adminAlbum()).unready).toEqual([expect.objectContaining({ id, state: 'processing' })]);
    const featured = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/photos/${id}/featured`,
      payload: { featured: true },
    });
    expect(featured.statusCode).toBe(409);
    expect(featured.json().error.code).toBe('image/not-ready');

    expect(await t.app.services.photoQueue.drain()).toBe(1);
    expect(await states([id])).toEqual([{ id, state: 'ready', failure: '' }]);
    const shown = await publicAlbum();
    expect(shown.album).toMatchObject({ photoCount: 1, cover: { id } });
    expect(shown.photos.map((p) => p.id)).toEqual([id]);
    expect((await adminAlbum()).unready).toEqual([]);
    const files = await listFiles(t.uploadsDir);
    expect(files.filter((f) => f.startsWith('photo-originals/'))).toEqual([]);
    expect(files.filter((f) => f.startsWith(`img/${id}/`))).toHaveLength(3);
  });

  it('has the original in place when the row commits: a worker draining the queue just then finds it', async () => {
    // The office sends photos while the worker drains the queue: it may claim a photo the moment its row commits.
    let seen: string[] = [];
    const { id } = await t.app.services.images.enqueue(
      COMMAND_LINE_ACTOR,
      album.id,
      await buildImage({ width: 320, height: 240 }),
      undefined,
      {
        alsoWrite: async () => {
          seen = await listFiles(t.uploadsDir);
        },
      },
    );
    expect(seen).toEqual([`photo-originals/${id}`]);
    expect(await t.app.services.photoQueue.drain()).toBe(1);
    expect(await states([id])).toEqual([{ id, state: 'ready', failure: '' }]);
  });

  it(`refuses an upload with 503 and Retry-After while ${QUEUE_MAX} photos wait, storing nothing of it`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < QUEUE_MAX; i++) ids.push(await queued());
    const rowsBefore = await t.db.selectFrom('images').select('id').execute();
    const full = await upload(await buildImage({ width: 320, height: 240 }));
    expect(full.statusCode).toBe(503);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(full.json().error).toMatchObject({ code: 'image/queue-full' });
    expect(full.json().error.message).toMatch(/Nothing was saved/u);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual(rowsBefore);
    expect(await listFiles(t.uploadsDir)).toHaveLength(QUEUE_MAX);

    // Once the worker has caught up, uploads are taken again.
    expect(await t.app.services.photoQueue.drain()).toBe(QUEUE_MAX);
    await queued();
  });

  it('refuses a file that is plainly not an image at once, and fails a damaged one in processing with its reason', async () => {
    const text = await upload(Buffer.from('Saraswati Puja programme\n'.repeat(20)));
    expect(text.statusCode).toBe(415);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await listFiles(t.uploadsDir)).toEqual([]);

    const whole = await buildImage({ width: 640, height: 480 });
    const id = await queued(whole.subarray(0, Math.floor(whole.length / 3)));
    expect(await t.app.services.photoQueue.drain()).toBe(1);
    const [state] = await states([id]);
    expect(state).toEqual({ id, state: 'failed', failure: expect.stringMatching(/damaged or incomplete/u) });
    expect(await listFiles(t.uploadsDir)).toEqual([]); // its original removed, nothing made
    expect((await adminAlbum()).unready).toEqual([expect.objectContaining({ id, state: 'failed' })]);
    expect((await publicAlbum()).album.photoCount).toBe(0);

    const deleted = await t.asAdmin({ method: 'POST', url: '/api/admin/photos/delete', payload: { ids: [id] } });
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect(await states([id])).toEqual([]);
  });

  it('takes up a photo whose worker process ended at once, and one claimed elsewhere once the claim expires', async () => {
    const a = await queued();
    clock.advance(1000); // a is the older: claimed first
    const b = await queued();
    const now = clock.now();
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    // A process of this machine that no longer runs (no process has an id above the kernel's maximum), and a
    // process of another machine, whose end cannot be seen from here.
    const dead = `p4194399-${MACHINE_TAG}-00000000-0000-4000-8000-000000000001`;
    const elsewhere = 'p123-ffffffff-00000000-0000-4000-8000-000000000002';
    expect((await claimNext(t.db, { claim: dead, now: now.toISOString(), until }))?.id).toBe(a);
    expect((await claimNext(t.db, { claim: elsewhere, now: now.toISOString(), until }))?.id).toBe(b);
    expect(await t.app.services.photoQueue.drain()).toBe(0); // both claimed: nobody else may process them

    expect(await t.app.services.photoQueue.releaseAbandoned()).toBe(1);
    expect(await t.app.services.photoQueue.drain()).toBe(1);
    expect((await states([a, b])).map((s) => [s.id, s.state]).sort()).toEqual(
      [
        [a, 'ready'],
        [b, 'processing'],
      ].sort(),
    );

    clock.advance(CLAIM_MS + 1000);
    expect(await t.app.services.photoQueue.drain()).toBe(1);
    expect((await states([b]))[0]?.state).toBe('ready');
    expect((await publicAlbum()).photos.map((p) => p.id)).toEqual([a, b]);
  });

  it('forgets a photo deleted while it waits: its original goes, and the worker finds nothing to do', async () => {
    const id = await queued();
    const res = await t.asAdmin({ method: 'POST', url: '/api/admin/photos/delete', payload: { ids: [id] } });
    expect(res.json()).toEqual({ deleted: 1 });
    expect(await listFiles(t.uploadsDir)).toEqual([]);
    expect(await t.app.services.photoQueue.drain()).toBe(0);
  });
});
