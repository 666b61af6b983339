import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { AlbumRow, ImageRow } from '#server/db/schema.ts';

export type NewAlbumRow = AlbumRow;

/** Albums by their event's day, newest first; albums without a day last; then newest made first. */
export function listAlbums(db: Db, opts: { publishedOnly: boolean; limit?: number; offset?: number }) {
  let query = db
    .selectFrom('gallery_albums')
    .selectAll()
    .orderBy('held_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (opts.publishedOnly) query = query.where('published', '=', 1);
  if (opts.limit !== undefined) query = query.limit(opts.limit).offset(opts.offset ?? 0);
  return query.execute();
}

export async function countAlbums(db: Db, publishedOnly: boolean): Promise<number> {
  let query = db.selectFrom('gallery_albums').select((eb) => eb.fn.countAll<number>().as('n'));
  if (publishedOnly) query = query.where('published', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const findAlbum = (db: Db, id: string) =>
  db.selectFrom('gallery_albums').selectAll().where('id', '=', id).executeTakeFirst();

export const findAlbumBySlug = (db: Db, slug: string) =>
  db.selectFrom('gallery_albums').selectAll().where('slug', '=', slug).executeTakeFirst();

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('gallery_albums').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertAlbum(db: Db, row: NewAlbumRow): Promise<void> {
  await db.insertInto('gallery_albums').values(row).execute();
}

export async function updateAlbum(db: Db, id: string, values: Partial<Omit<AlbumRow, 'id'>>): Promise<boolean> {
  const result = await db.updateTable('gallery_albums').set(values).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteAlbum(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('gallery_albums').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ready photos of an album in their order. */
export function listAlbumPhotos(db: Db, albumId: string): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('state', '=', 'ready')
    .orderBy('position', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** An album's photos not ready yet (processing, or failed and not deleted), oldest upload first. */
export function listUnreadyPhotos(db: Db, albumId: string): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('state', '!=', 'ready')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** How many ready photos each album holds (or, with `everyState`, photos of any state), for the albums named. */
export async function photoCounts(db: Db, albumIds: string[], everyState = false): Promise<Map<string, number>> {
  if (albumIds.length === 0) return new Map();
  let query = db
    .selectFrom('images')
    .select(['album_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('album_id', 'in', albumIds);
  if (!everyState) query = query.where('state', '=', 'ready');
  const rows = await query.groupBy('album_id').execute();
  return new Map(rows.map((r) => [r.album_id!, Number(r.n)]));
}

/** The first ready photo of each album named, for albums that have no cover chosen. */
export async function firstPhotos(db: Db, albumIds: string[]): Promise<Map<string, ImageRow>> {
  const found = new Map<string, ImageRow>();
  if (albumIds.length === 0) return found;
  const rows = await db
    .selectFrom('images')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .where('state', '=', 'ready')
    .where('position', '=', (eb) =>
      eb
        .selectFrom('images as inner')
        .select((e) => e.fn.min('inner.position').as('p'))
        .whereRef('inner.album_id', '=', 'images.album_id')
        .where('inner.state', '=', 'ready'),
    )
    .execute();
  for (const row of rows) if (!found.has(row.album_id!)) found.set(row.album_id!, row);
  return found;
}

export function findImages(db: Db, ids: string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('images').selectAll().where('id', 'in', ids).execute();
}

/** The next free position at the end of an album. */
export async function nextPosition(db: Db, albumId: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

/**
 * Serialises the writes that renumber or append to one album across processes: PostgreSQL takes a
 * transaction-scoped advisory lock; SQLite already holds its single write lock. Call inside a transaction.
 */
export async function lockAlbum(db: Db, albumId: string): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`orbit:album:${albumId}`}))`.execute(db);
}

export async function setPhotoPlace(db: Db, id: string, albumId: string, position: number): Promise<void> {
  await db.updateTable('images').set({ album_id: albumId, position }).where('id', '=', id).execute();
}

export async function setPhotoText(
  db: Db,
  id: string,
  text: Pick<ImageRow, 'caption_en' | 'caption_ne' | 'alt_en' | 'alt_ne'>,
): Promise<boolean> {
  const result = await db.updateTable('images').set(text).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A deleted photo stops being any album's cover. */
export async function clearCover(db: Db, imageIds: string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .updateTable('gallery_albums')
    .set({ cover_image_id: null })
    .where('cover_image_id', 'in', imageIds)
    .execute();
}

/** Photos moved out of their albums stop being those albums' covers (never `albumId`'s, the one they moved to). */
export async function clearCoverElsewhere(db: Db, imageIds: string[], albumId: string): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .updateTable('gallery_albums')
    .set({ cover_image_id: null })
    .where('cover_image_id', 'in', imageIds)
    .where('id', '!=', albumId)
    .execute();
}

/**
 * Moves a photo into the featured folder only while it holds fewer than `max`, as one UPDATE … WHERE
 * count < max (the same lock as an upload to that folder on PostgreSQL), and returns whether it did.
 */
export async function featureWithinLimit(db: Db, id: string, max: number): Promise<boolean> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${'orbit:images:featured'}))`.execute(db);
  const result = await db
    .updateTable('images')
    .set({ folder: 'featured' })
    .where('id', '=', id)
    .where('folder', '=', 'gallery')
    .where(
      (eb) => eb.selectFrom('images as f').select(eb.fn.countAll().as('n')).where('f.folder', '=', 'featured'),
      '<',
      max,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setFolder(db: Db, id: string, folder: string): Promise<void> {
  await db.updateTable('images').set({ folder }).where('id', '=', id).execute();
}

/** The id of the default album (common/gallery.ts), made now when it does not exist. Call inside a transaction. */
export async function defaultAlbumId(
  db: Db,
  album: { slug: string; titleEn: string; titleNe: string },
  makeId: () => string,
  now: string,
): Promise<string> {
  const found = await findAlbumBySlug(db, album.slug);
  if (found) return found.id;
  const id = makeId();
  await insertAlbum(db, {
    id,
    slug: album.slug,
    title_en: album.titleEn,
    title_ne: album.titleNe,
    held_on: '',
    description_en: '',
    description_ne: '',
    cover_image_id: null,
    published: 1,
    created_at: now,
    updated_at: now,
  });
  return id;
}
