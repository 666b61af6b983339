import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Album, AlbumWithPhotos } from '#common/gallery.ts';
import type { Image } from '#common/image.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { albumInput, createAlbum, uploadToAlbum } from '#server/test-support/albums.ts';
import { buildImage } from '#server/test-support/factories.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const image of await t.db.selectFrom('images').select('id').execute())
    await t.app.services.images.remove(COMMAND_LINE_ACTOR, image.id);
  await t.db.deleteFrom('gallery_albums').execute();
});

const photo = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

const fixture = (name: string) => readFile(new URL(`../../images/fixtures/${name}`, import.meta.url));

const uploadTo = async (albumId: string, body?: Buffer) => uploadToAlbum(t, albumId, body ?? (await photo()));

/** Uploads `n` photos (each answered 202: queued) and lets the background worker process them. */
async function addPhotos(albumId: string, n: number): Promise<{ id: string }[]> {
  const images: { id: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await uploadTo(albumId);
    expect(res.statusCode, res.body).toBe(202);
    images.push(res.json<{ id: string }>());
  }
  expect(await t.app.services.photoQueue.drain()).toBe(n);
  return images;
}

async function order(albumId: string): Promise<string[]> {
  const res = await t.asAdmin({ method: 'GET', url: `/api/admin/albums/${albumId}` });
  expect(res.statusCode).toBe(200);
  return res.json<AlbumWithPhotos>().photos.map((p) => p.id);
}

describe('albums', () => {
  it('makes the address of an album from its English title when none is typed, numbered past the taken ones', async () => {
    const first = await createAlbum(t, '', { titleEn: 'Saraswati Pūjā 2082' });
    expect(first.slug).toBe('saraswati-puja-2082');
    const second = await createAlbum(t, '', { titleEn: 'Saraswati Puja 2082' });
    expect(second.slug).toBe('saraswati-puja-2082-2');
    // A title with no Latin letters: the event's B.S. day makes the address.
    const nepali = await createAlbum(t, '', { titleEn: 'सरस्वती पूजा', heldOn: '2082-10-19' });
    expect(nepali.slug).toBe('album-2082-10-19');
    // An address emptied on an edit is made again from the title, never another album's.
    const edited = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/albums/${second.id}`,
      payload: albumInput('', { titleEn: 'Saraswati Pūjā 2082' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Album>().slug).toBe('saraswati-puja-2082-2');
  });

  it('creates an album, refuses a taken address and a day the B.S. calendar lacks, and keeps nothing of a refusal', async () => {
    const album = await createAlbum(t, 'saraswati-puja-2082');
    expect(album).toMatchObject({
      slug: 'saraswati-puja-2082',
      titleNe: 'एल्बम saraswati-puja-2082',
      photoCount: 0,
      cover: null,
    });

    const taken = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/albums',
      payload: albumInput('saraswati-puja-2082'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('album/slug-taken');

    const badDay = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/albums',
      payload: albumInput('x', { heldOn: '2082-13-40' }),
    });
    expect(badDay.statusCode).toBe(400);
    const badSlug = await t.asAdmin({ method: 'POST', url: '/api/admin/albums', payload: albumInput('Sports Week!') });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.body).toMatch(/lower-case letters/u);

    const all = await t.asAdmin({ method: 'GET', url: '/api/admin/albums' });
    expect(all.json<{ albums: Album[] }>().albums.map((a) => a.slug)).toEqual(['saraswati-puja-2082']);
  });

  it('lists published albums newest event first (albums without a day last); a hidden one answers 404 to visitors', async () => {
    await createAlbum(t, 'farewell', { heldOn: '2082-12-01' });
    await createAlbum(t, 'sports-week', { heldOn: '2082-08-10' });
    await createAlbum(t, 'old-photos', { heldOn: '' });
    const hidden = await createAlbum(t, 'draft', { heldOn: '2083-01-01', published: false });
    await addPhotos(hidden.id, 1);

    const list = await t.anonymous({ method: 'GET', url: '/api/albums' });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ albums: Album[] }>().albums.map((a) => a.slug)).toEqual([
      'farewell',
      'sports-week',
      'old-photos',
    ]);
    expect((await t.anonymous({ method: 'GET', url: '/api/albums/draft' })).statusCode).toBe(404);
    expect((await t.anonymous({ method: 'GET', url: '/api/albums?page=2' })).statusCode).toBe(404);

    const shown = await t.anonymous({ method: 'GET', url: '/api/albums/farewell' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<AlbumWithPhotos>()).toMatchObject({ album: { slug: 'farewell' }, photos: [] });
  });

  it('puts uploads at the end of their album, makes the first the cover, and refuses an album that does not exist', async () => {
    const album = await createAlbum(t, 'science-exhibition');
    const [a, b, c] = await addPhotos(album.id, 3);
    expect(await order(album.id)).toEqual([a!.id, b!.id, c!.id]);
    const res = await t.anonymous({ method: 'GET', url: '/api/albums/science-exhibition' });
    const shown = res.json<AlbumWithPhotos>();
    expect(shown.album).toMatchObject({ photoCount: 3, cover: { id: a!.id } });
    expect(shown.photos[0]).toMatchObject({ albumId: album.id, folder: 'gallery' });

    const missing = await uploadTo('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(await listFiles(t.uploadsDir)).toHaveLength(3 * 3); // three formats of each (narrower than 400), nothing of the refusal
  });

  it('reorders by the whole order and by one step, and refuses an order that does not name every photo once', async () => {
    const album = await createAlbum(t, 'farewell');
    const [a, b, c] = (await addPhotos(album.id, 3)).map((p) => p.id);

    const put = (ids: string[]) =>
      t.asAdmin({ method: 'PUT', url: `/api/admin/albums/${album.id}/order`, payload: { ids } });
    expect((await put([c!, a!, b!])).statusCode).toBe(204);
    expect(await order(album.id)).toEqual([c, a, b]);
    for (const ids of [
      [c!, a!],
      [c!, a!, a!],
      [c!, a!, b!, b!],
    ]) {
      const refused = await put(ids);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('album/order-mismatch');
    }
    expect(await order(album.id)).toEqual([c, a, b]);

    const step = (id: string, direction: string) =>
      t.asAdmin({ method: 'POST', url: `/api/admin/photos/${id}/step`, payload: { direction } });
    expect((await step(b!, 'earlier')).statusCode).toBe(204);
    expect(await order(album.id)).toEqual([c, b, a]);
    expect((await step(c!, 'earlier')).statusCode).toBe(204); // already first: stays
    expect((await step(a!, 'later')).statusCode).toBe(204); // already last: stays
    expect(await order(album.id)).toEqual([c, b, a]);
    expect((await step(a!, 'sideways')).statusCode).toBe(400);
  });

  it('orders an album by the capture dates read from the uploaded photos, earliest first, the undated after them in their order', async () => {
    const album = await createAlbum(t, 'sports-week');
    const upload = async (body: Buffer) => {
      const res = await uploadTo(album.id, body);
      expect(res.statusCode, res.body).toBe(202);
      return res.json<{ id: string }>().id;
    };
    const a = await upload(await photo());
    const b = await upload(await buildImage({ width: 320, height: 240, takenAt: '2026:03:02 09:15:00' }));
    const c = await upload(
      await buildImage({ width: 320, height: 240, format: 'png', takenAt: '0000:00:00 00:00:00' }),
    );
    // Motorola byte order, with only CreateDate set (2019-08-15 07:30:05); then an iPhone-like HEIC (2026-11-20).
    const d = await upload(await fixture('motorola-exif-create-date.jpg'));
    const e = await upload(await fixture('red-blue-640x480.heic'));
    expect(await t.app.services.photoQueue.drain()).toBe(5);
    const stored = await t.db
      .selectFrom('images')
      .select(['id', 'taken_at'])
      .where('album_id', '=', album.id)
      .execute();
    expect(Object.fromEntries(stored.map((r) => [r.id, r.taken_at]))).toEqual({
      [a]: null,
      [b]: '2026-03-02T09:15:00',
      [c]: null,
      [d]: '2019-08-15T07:30:05',
      [e]: '2026-11-20T10:15:30',
    });
    expect(await order(album.id)).toEqual([a, b, c, d, e]);

    const sort = (id: string) => t.asAdmin({ method: 'POST', url: `/api/admin/albums/${id}/order-by-capture` });
    expect((await sort(album.id)).statusCode).toBe(204);
    expect(await order(album.id)).toEqual([d, b, e, a, c]);
    const entries = await t.db.selectFrom('audit_log').select('subject').execute();
    expect(entries.map((r) => r.subject)).toContain('order of Album sports-week by capture date');
    expect((await sort('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('moves photos to the end of another album; a moved cover leaves its old album', async () => {
    const from = await createAlbum(t, 'sports-week');
    const to = await createAlbum(t, 'farewell');
    const [a, b] = (await addPhotos(from.id, 2)).map((p) => p.id);
    const [c] = (await addPhotos(to.id, 1)).map((p) => p.id);

    const res = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/photos/move',
      payload: { ids: [a], albumId: to.id },
    });
    expect(res.statusCode).toBe(204);
    expect(await order(to.id)).toEqual([c, a]);
    expect(await order(from.id)).toEqual([b]);
    const fromNow = (await t.asAdmin({ method: 'GET', url: `/api/admin/albums/${from.id}` })).json<AlbumWithPhotos>();
    expect(fromNow.album.cover?.id).toBe(b); // its cover (a) left: the first photo stands in

    const gone = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/photos/move',
      payload: { ids: [b, '00000000-0000-4000-8000-000000000000'], albumId: to.id },
    });
    expect(gone.statusCode).toBe(404);
    expect(await order(from.id)).toEqual([b]); // all or none
  });

  it("sets the cover only to one of the album's own photos", async () => {
    const album = await createAlbum(t, 'farewell');
    const other = await createAlbum(t, 'sports-week');
    const [, b] = (await addPhotos(album.id, 2)).map((p) => p.id);
    const [elsewhere] = (await addPhotos(other.id, 1)).map((p) => p.id);
    const cover = (photoId: string) =>
      t.asAdmin({ method: 'PUT', url: `/api/admin/albums/${album.id}/cover`, payload: { photoId } });
    expect((await cover(b!)).statusCode).toBe(204);
    const refused = await cover(elsewhere!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('album/photo-elsewhere');
    const shown = (await t.anonymous({ method: 'GET', url: '/api/albums/farewell' })).json<AlbumWithPhotos>();
    expect(shown.album.cover?.id).toBe(b);
  });

  it('keeps captions and alt text in both languages, within their limits', async () => {
    const album = await createAlbum(t, 'farewell');
    const [a] = await addPhotos(album.id, 1);
    const text = {
      captionEn: 'Class 12 farewell',
      captionNe: 'कक्षा १२ को बिदाइ',
      altEn: 'Students on stage',
      altNe: 'मञ्चमा विद्यार्थी',
    };
    const res = await t.asAdmin({ method: 'PUT', url: `/api/admin/photos/${a!.id}/text`, payload: text });
    expect(res.statusCode).toBe(200);
    expect(res.json<Image>()).toMatchObject({
      caption: { en: text.captionEn, ne: text.captionNe },
      alt: { en: text.altEn, ne: text.altNe },
    });
    const long = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/photos/${a!.id}/text`,
      payload: { ...text, altEn: 'x'.repeat(301) },
    });
    expect(long.statusCode).toBe(400);
    const shown = (await t.anonymous({ method: 'GET', url: '/api/albums/farewell' })).json<AlbumWithPhotos>();
    expect(shown.photos[0]!.alt.en).toBe('Students on stage');
  });

  it('promotes photos of different albums to featured up to the limit of 3, and takes one back', async () => {
    const one = await createAlbum(t, 'farewell');
    const two = await createAlbum(t, 'sports-week');
    const photos = [...(await addPhotos(one.id, 2)), ...(await addPhotos(two.id, 2))];
    const feature = (id: string, featured: boolean) =>
      t.asAdmin({ method: 'PUT', url: `/api/admin/photos/${id}/featured`, payload: { featured } });
    for (const p of photos.slice(0, 3)) expect((await feature(p.id, true)).statusCode).toBe(200);
    const fourth = await feature(photos[3]!.id, true);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('image/folder-full');
    expect(await t.app.services.images.count('featured')).toBe(3);

    // An upload straight to the featured folder counts too.
    const { payload, headers } = multipart([{ body: await photo() }]);
    expect((await t.asAdmin({ method: 'POST', url: '/api/admin/images/featured', payload, headers })).statusCode).toBe(
      409,
    );

    const back = await feature(photos[0]!.id, false);
    expect(back.json<Image>()).toMatchObject({ folder: 'gallery', albumId: one.id });
    expect((await feature(photos[3]!.id, true)).statusCode).toBe(200);
    // Featured photos stay in their album.
    expect(await order(two.id)).toEqual([photos[2]!.id, photos[3]!.id]);
  });

  it('deletes several photos at once with their files, all or none, and an album only once it is empty', async () => {
    const album = await createAlbum(t, 'farewell');
    const [a, b, c] = (await addPhotos(album.id, 3)).map((p) => p.id);
    const notEmpty = await t.asAdmin({ method: 'DELETE', url: `/api/admin/albums/${album.id}` });
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().error.code).toBe('album/not-empty');

    const stale = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/photos/delete',
      payload: { ids: [a, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(stale.statusCode).toBe(404);
    expect(await order(album.id)).toEqual([a, b, c]);

    const res = await t.asAdmin({ method: 'POST', url: '/api/admin/photos/delete', payload: { ids: [a, b] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await order(album.id)).toEqual([c]);
    expect(await listFiles(t.uploadsDir)).toHaveLength(3);
    const shown = (await t.anonymous({ method: 'GET', url: '/api/albums/farewell' })).json<AlbumWithPhotos>();
    expect(shown.album.cover?.id).toBe(c); // the deleted cover stood down

    const tooMany = Array.from({ length: 101 }, () => c);
    expect(
      (await t.asAdmin({ method: 'POST', url: '/api/admin/photos/delete', payload: { ids: tooMany } })).statusCode,
    ).toBe(400);

    await t.asAdmin({ method: 'POST', url: '/api/admin/photos/delete', payload: { ids: [c] } });
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/admin/albums/${album.id}` })).statusCode).toBe(204);
  });

  it("puts a gallery photo sent without an album at the end of 'Life at Orbit', made when first needed", async () => {
    const send = async () => {
      const { payload, headers } = multipart([{ body: await photo() }]);
      const res = await t.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload, headers });
      expect(res.statusCode).toBe(201);
      return res.json<Image>();
    };
    const first = await send();
    const second = await send();
    const shown = (await t.anonymous({ method: 'GET', url: '/api/albums/life-at-orbit' })).json<AlbumWithPhotos>();
    expect(shown.album).toMatchObject({ titleEn: 'Life at Orbit', titleNe: 'अर्बिटको जीवन', cover: { id: first.id } });
    expect(shown.photos.map((p) => p.id)).toEqual([first.id, second.id]);
  });

  it('refuses every album write without a session', async () => {
    const album = await createAlbum(t, 'farewell');
    const res = await t.anonymous({
      method: 'PUT',
      url: `/api/admin/albums/${album.id}`,
      payload: albumInput('farewell'),
    });
    expect(res.statusCode).toBe(401);
  });
});
