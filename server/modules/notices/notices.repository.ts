import type { Db } from '#server/db/db.ts';
import type { NoticeRow, NoticesTable } from '#server/db/schema.ts';

/** Newest first; `offset` needs `limit`. */
export function listNotices(db: Db, limit?: number, offset = 0): Promise<NoticeRow[]> {
  let query = db.selectFrom('notices').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

export async function insertNotice(db: Db, row: NoticesTable): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

/** Returns whether a row was deleted. */
export async function deleteNotice(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function countNotices(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
