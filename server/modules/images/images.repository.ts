import type { Db } from '#server/db/db.ts';
import type { ImageRow, NewImageRow } from '#server/db/schema.ts';

export function listImages(db: Db, folder: string): Promise<ImageRow[]> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('folder', '=', folder)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countImages(db: Db, folder: string): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('folder', '=', folder)
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
