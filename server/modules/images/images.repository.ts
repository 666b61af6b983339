import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { ImageRow, NewImageRow } from '#server/db/schema.ts';

export function listImages(db: Db, folder: string, page?: { limit: number; offset: number }): Promise<ImageRow[]> {
  let query = db
    .selectFrom('images')
    .selectAll()
    .where('folder', '=', folder)
    .where('state', '=', 'ready')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ready images of a folder (a photo still processing or failed is nowhere to be seen but its album's admin page). */
export async function countImages(db: Db, folder: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folder', '=', folder)
    .where('state', '=', 'ready')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertImage(db: Db, row: NewImageRow): Promise<void> {
  await db.insertInto('images').values(row).execute();
}

export async function deleteImage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('images').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Inserts the image only while its folder holds fewer than `max`, as one INSERT … SELECT … WHERE count < max,
 * and returns whether it did. SQLite takes its write lock at the start of that statement, so it is atomic
 * there; PostgreSQL, whose readers do not block each other, first takes a transaction-scoped advisory lock
 * per folder, so two processes cannot both see 2 and both insert. Call it inside a transaction.
 */
export async function insertImageWithinLimit(db: Db, row: NewImageRow, max: number): Promise<boolean> {
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`orbit:images:${row.folder}`}))`.execute(db);
  }
  const values = db
    .selectNoFrom((eb) => [
      eb.cast<string>(eb.val(row.id), 'text').as('id'),
      eb.cast<string>(eb.val(row.folder), 'text').as('folder'),
      eb.cast<string>(eb.val(row.storage_key), 'text').as('storage_key'),
      eb.cast<number>(eb.val(row.width), 'integer').as('width'),
      eb.cast<number>(eb.val(row.height), 'integer').as('height'),
      eb.cast<string>(eb.val(row.variants), 'text').as('variants'),
      eb.cast<number>(eb.val(row.original_bytes), 'integer').as('original_bytes'),
      eb.cast<string>(eb.val(row.created_at), 'text').as('created_at'),
    ])
    .where((eb) => eb.selectFrom('images').select(eb.fn.countAll().as('n')).where('folder', '=', row.folder), '<', max);
  const result = await db
    .insertInto('images')
    .columns(['id', 'folder', 'storage_key', 'width', 'height', 'variants', 'original_bytes', 'created_at'])
    .expression(values)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Every image's id, variant list and original still waiting for processing, for the storage sweep and check-storage. */
export function listImageFiles(db: Db): Promise<Pick<ImageRow, 'id' | 'variants' | 'original_key'>[]> {
  return db.selectFrom('images').select(['id', 'variants', 'original_key']).execute();
}
