import { noticePath } from '#common/notices/notice-path.ts';
import type { Db } from '#server/db/db.ts';
import type { ImportRunsTable, ImportedItemsTable, OldAddressesTable } from '#server/db/schema.ts';
import { SITE_PAGE_TARGET } from './wordpress-pages.ts';

/**
 * A gallery whose album was made but whose photos were not all queued yet (the import stopped between): its
 * record is written with the album and becomes 'album' once the photos and old addresses are recorded.
 */
export const ALBUM_STARTED = 'album-started';
/** One photo of one gallery queued into its album (a photo two galleries show is queued into each). */
export const ALBUM_PHOTO = 'album-photo';

/** The items of `source` already brought over whole, by GUID: what each became. */
export async function importedByGuid(db: Db, source: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('imported_items')
    .select(['guid', 'target_id'])
    .where('source', '=', source)
    .where('kind', '!=', ALBUM_STARTED)
    .execute();
  return new Map(rows.map((r) => [r.guid, r.target_id]));
}

/** The album an earlier, stopped import made for a gallery, when it still exists. */
export async function startedAlbum(db: Db, source: string, guid: string): Promise<string | null> {
  const row = await db
    .selectFrom('imported_items')
    .innerJoin('gallery_albums', 'gallery_albums.id', 'imported_items.target_id')
    .select('gallery_albums.id')
    .where('imported_items.source', '=', source)
    .where('imported_items.guid', '=', guid)
    .where('imported_items.kind', '=', ALBUM_STARTED)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Records, in the album's own creation, that the gallery `guid` became it (replacing a record of a deleted one). */
export async function recordAlbumStarted(
  db: Db,
  source: string,
  at: string,
  { guid, oldId, albumId }: { guid: string; oldId: number; albumId: string },
): Promise<void> {
  await db
    .insertInto('imported_items')
    .values({ source, guid, kind: ALBUM_STARTED, old_id: oldId, target_id: albumId, imported_at: at })
    .onConflict((oc) => oc.columns(['source', 'guid']).doUpdateSet({ target_id: albumId, imported_at: at }))
    .execute();
}

/** Marks a started gallery as whole. */
export async function finishAlbum(db: Db, source: string, guid: string): Promise<void> {
  await db
    .updateTable('imported_items')
    .set({ kind: 'album' })
    .where('source', '=', source)
    .where('guid', '=', guid)
    .where('kind', '=', ALBUM_STARTED)
    .execute();
}

/** The photos of an album already queued by the import: their per-gallery keys, and what each became. */
export async function queuedAlbumPhotos(db: Db, source: string, albumId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('imported_items')
    .innerJoin('images', 'images.id', 'imported_items.target_id')
    .select(['imported_items.guid', 'images.id'])
    .where('imported_items.source', '=', source)
    .where('imported_items.kind', '=', ALBUM_PHOTO)
    .where('images.album_id', '=', albumId)
    .execute();
  return new Map(rows.map((r) => [r.guid, r.id]));
}

/** Records, in the photo's own queueing, that one photo of a gallery became the image `imageId`. */
export async function recordAlbumPhoto(
  db: Db,
  source: string,
  at: string,
  { key, oldId, imageId }: { key: string; oldId: number; imageId: string },
): Promise<void> {
  await db
    .insertInto('imported_items')
    .values({ source, guid: key, kind: ALBUM_PHOTO, old_id: oldId, target_id: imageId, imported_at: at })
    .onConflict((oc) => oc.columns(['source', 'guid']).doUpdateSet({ target_id: imageId, imported_at: at }))
    .execute();
}

/** Records what items became; an item already recorded (a file two posts carry) keeps its first record. */
async function insertImportedItems(db: Db, rows: readonly ImportedItemsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('imported_items')
    .values([...rows])
    .onConflict((oc) => oc.columns(['source', 'guid']).doNothing())
    .execute();
}

/** Records old addresses; one another item already claimed keeps its first target. */
async function insertOldAddresses(db: Db, rows: readonly OldAddressesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('old_addresses')
    .values([...rows])
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

/** One item brought over: its GUID, what kind it was there, its old id, and the id of what it became here. */
export interface ImportedItem {
  guid: string;
  kind: string;
  oldId: number;
  targetId: string;
}

/**
 * Records, in the write's transaction, what the items of one post or gallery became (`target`, the address
 * of `targetId`) and their old addresses (repeats once), so that a second import finds them.
 */
export async function recordImported(
  db: Db,
  source: string,
  at: string,
  {
    target,
    targetId,
    items,
    oldPaths,
  }: { target: string; targetId: string; items: ImportedItem[]; oldPaths: string[] },
): Promise<void> {
  await insertImportedItems(
    db,
    items.map((i) => ({
      source,
      guid: i.guid,
      kind: i.kind,
      old_id: i.oldId,
      target_id: i.targetId,
      imported_at: at,
    })),
  );
  await insertOldAddresses(
    db,
    [...new Set(oldPaths)].map((p) => ({ path: p, target, source, target_id: targetId, created_at: at })),
  );
}

/**
 * Every old address whose notice or album still exists, or that leads to one of the site's own pages, with where
 * it leads (a deleted notice's or album's lead nowhere). The address is read from the notice's or album's current
 * title or slug, so one the office renamed still leads straight to it.
 */
export async function listOldAddresses(db: Db): Promise<{ path: string; target: string }[]> {
  const rows = await withTargets(db)
    .where((eb) =>
      eb.or([
        eb('notices.id', 'is not', null),
        eb('gallery_albums.id', 'is not', null),
        eb('old_addresses.target_id', 'like', `${SITE_PAGE_TARGET}%`),
      ]),
    )
    .execute();
  return rows.map((r) => ({ path: r.path, target: currentTarget(r).target }));
}

/** The old addresses with the notice or album each leads to, when it still exists. */
const withTargets = (db: Db) =>
  db
    .selectFrom('old_addresses')
    .leftJoin('notices', 'notices.id', 'old_addresses.target_id')
    .leftJoin('gallery_albums', 'gallery_albums.id', 'old_addresses.target_id')
    .select([
      'old_addresses.path',
      'old_addresses.target',
      'old_addresses.created_at',
      'old_addresses.target_id',
      'notices.id as notice_id',
      'notices.title as notice_title',
      'gallery_albums.slug as album_slug',
      'gallery_albums.title_en as album_title',
    ]);

type OldAddressKind = 'notice' | 'album' | 'page';

interface TargetRow {
  target: string;
  target_id: string;
  notice_id: string | null;
  notice_title: string | null;
  album_slug: string | null;
  album_title: string | null;
}

/**
 * Where an old address leads now: its notice's or album's current address, the site's page it was given, or
 * (deleted) the stored one.
 */
function currentTarget(r: TargetRow): { target: string; title: string | null; kind: OldAddressKind | null } {
  if (r.notice_id !== null && r.notice_title !== null)
    return { target: noticePath({ id: r.notice_id, title: r.notice_title }), title: r.notice_title, kind: 'notice' };
  if (r.album_slug !== null) return { target: albumPath(r.album_slug), title: r.album_title, kind: 'album' };
  if (r.target_id.startsWith(SITE_PAGE_TARGET)) return { target: r.target, title: null, kind: 'page' };
  return { target: r.target, title: null, kind: null };
}

/** An album's public address. */
export const albumPath = (slug: string) => `/gallery/${slug}`;

export async function countOldAddresses(db: Db): Promise<number> {
  const row = await db
    .selectFrom('old_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of the old addresses, in address order, each with where it leads now and the title of its notice or
 * album (null, and the address stored at import, once that is deleted).
 */
export async function oldAddressesPage(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ path: string; target: string; title: string | null; kind: OldAddressKind | null }[]> {
  const rows = await withTargets(db).orderBy('old_addresses.path').offset(offset).limit(limit).execute();
  return rows.map((r) => ({ path: r.path, ...currentTarget(r) }));
}

/** Deletes one old address; how many rows went (0 when it was not there). */
export async function deleteOldAddress(db: Db, path: string): Promise<number> {
  const result = await db.deleteFrom('old_addresses').where('path', '=', path).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function insertImportRun(db: Db, row: ImportRunsTable): Promise<unknown> {
  return db.insertInto('import_runs').values(row).execute();
}

export function findImportRun(db: Db, id: string): Promise<ImportRunsTable | undefined> {
  return db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function latestImportRun(db: Db): Promise<ImportRunsTable | undefined> {
  return db.selectFrom('import_runs').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export async function anyImportRunning(db: Db): Promise<boolean> {
  return (
    (await db.selectFrom('import_runs').select('id').where('status', '=', 'running').executeTakeFirst()) !== undefined
  );
}

/** Moves a run from one of `from` to `status` (with the other columns given); whether it was in one of them. */
export async function moveImportRun(
  db: Db,
  id: string,
  from: readonly string[],
  change: Partial<Omit<ImportRunsTable, 'id'>> & { status: string },
): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set(change)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function setImportProgress(db: Db, id: string, done: number, total: number): Promise<unknown> {
  return db.updateTable('import_runs').set({ done, total }).where('id', '=', id).execute();
}

/** Runs left 'running' by a process that stopped: marked 'stopped'; their ids. */
export async function stopInterruptedRuns(db: Db, finishedAt: string): Promise<string[]> {
  const rows = await db
    .updateTable('import_runs')
    .set({ status: 'stopped', finished_at: finishedAt })
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes the dry runs never started (a newer upload replaces them); their ids, for their files. */
export async function deletePlannedRuns(db: Db): Promise<string[]> {
  const rows = await db.deleteFrom('import_runs').where('status', '=', 'planned').returning('id').execute();
  return rows.map((r) => r.id);
}
