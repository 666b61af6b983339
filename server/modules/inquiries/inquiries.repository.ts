import type { Db } from '#server/db/db.ts';
import type { InquiriesTable, InquiryRow } from '#server/db/schema.ts';

export async function insertInquiry(db: Db, row: InquiriesTable): Promise<void> {
  await db.insertInto('inquiries').values(row).execute();
}

export function listInquiries(db: Db): Promise<InquiryRow[]> {
  return db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findInquiry(db: Db, id: string): Promise<InquiryRow | undefined> {
  return db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUnhandled(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('handled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Returns whether a row was updated. */
export async function setHandled(db: Db, id: string, handled: boolean): Promise<boolean> {
  const result = await db
    .updateTable('inquiries')
    .set({ handled: handled ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns whether a row was deleted. */
export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('inquiries').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
