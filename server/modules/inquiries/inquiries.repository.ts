import type { Db } from '#server/db/db.ts';
import type { InquiriesTable, InquiryRow } from '#server/db/schema.ts';

export async function insertInquiry(db: Db, row: InquiriesTable): Promise<void> {
  await db.insertInto('inquiries').values(row).execute();
}

export function listInquiries(db: Db): Promise<InquiryRow[]> {
  return db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countUnhandled(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('handled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
