import type { Db } from '#server/db/db.ts';
import type { InquiryState } from '#common/inquiry.ts';
import type { InquiriesTable, InquiryRepliesTable, InquiryReplyRow, InquiryRow } from '#server/db/schema.ts';

export async function insertInquiry(db: Db, row: InquiriesTable): Promise<void> {
  await db.insertInto('inquiries').values(row).execute();
}

/** Newest first; a page of them with `limit`. */
export function listInquiries(db: Db, limit?: number, offset = 0): Promise<InquiryRow[]> {
  let query = db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

export async function countInquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findInquiry(db: Db, id: string): Promise<InquiryRow | undefined> {
  return db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUnhandled(db: Db): Promise<number> {
  const row = await db
    .selectFrom('inquiries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Returns whether a row was updated. */
export async function setState(db: Db, id: string, state: InquiryState): Promise<boolean> {
  const result = await db.updateTable('inquiries').set({ state }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Returns whether a row was deleted. */
export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('inquiries').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertReply(db: Db, row: InquiryRepliesTable): Promise<void> {
  await db.insertInto('inquiry_replies').values(row).execute();
}

/** Every reply, oldest first, with the channel and delivery state of its message (none: answered by phone). */
export function listReplies(
  db: Db,
): Promise<(InquiryReplyRow & { delivery: string | null; channel: string | null })[]> {
  return repliesQuery(db).execute();
}

/** The replies to these inquiries (a page of the list), as listReplies gives them. */
export function listRepliesOfMany(
  db: Db,
  inquiryIds: readonly string[],
): Promise<(InquiryReplyRow & { delivery: string | null; channel: string | null })[]> {
  if (inquiryIds.length === 0) return Promise.resolve([]);
  return repliesQuery(db).where('inquiry_replies.inquiry_id', 'in', inquiryIds).execute();
}

/** One inquiry's replies, as listReplies gives them. */
export function listRepliesOf(
  db: Db,
  inquiryId: string,
): Promise<(InquiryReplyRow & { delivery: string | null; channel: string | null })[]> {
  return repliesQuery(db).where('inquiry_replies.inquiry_id', '=', inquiryId).execute();
}

function repliesQuery(db: Db) {
  return db
    .selectFrom('inquiry_replies')
    .leftJoin('outbox_messages', 'outbox_messages.id', 'inquiry_replies.outbox_id')
    .selectAll('inquiry_replies')
    .select(['outbox_messages.state as delivery', 'outbox_messages.channel as channel'])
    .orderBy('inquiry_replies.created_at');
}
