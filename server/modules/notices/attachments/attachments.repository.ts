import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { NoticeAttachmentRow } from '#server/db/schema.ts';

/** The attachments of these notices, each notice's in the order they were added. */
export function listAttachments(db: Db, noticeIds: readonly string[]): Promise<NoticeAttachmentRow[]> {
  if (noticeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notice_attachments')
    .selectAll()
    .where('notice_id', 'in', noticeIds)
    .orderBy('notice_id')
    .orderBy('position')
    .execute();
}

/** The attachment, when its notice is published at `now` (an ISO instant); a scheduled notice's is not. */
export function findPublishedAttachment(db: Db, id: string, now: string): Promise<NoticeAttachmentRow | undefined> {
  return db
    .selectFrom('notice_attachments')
    .innerJoin('notices', 'notices.id', 'notice_attachments.notice_id')
    .selectAll('notice_attachments')
    .where('notice_attachments.id', '=', id)
    .where('notices.publish_at', '<=', now)
    .executeTakeFirst();
}

/**
 * How many attachments the notice holds and the next position. Call it inside a transaction: on
 * PostgreSQL it first takes a transaction-scoped lock per notice, so two uploads cannot both see 4 and
 * both insert (SQLite's transactions take the write lock when they begin).
 */
export async function lockedCount(db: Db, noticeId: string): Promise<{ count: number; next: number }> {
  if (isPostgres(db))
    await sql`select pg_advisory_xact_lock(hashtext(${`orbit:notice-attachments:${noticeId}`}))`.execute(db);
  const row = await db
    .selectFrom('notice_attachments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('position').as('last')])
    .where('notice_id', '=', noticeId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), next: Number(row.last ?? 0) + 1 };
}

export async function insertAttachment(db: Db, row: NoticeAttachmentRow): Promise<void> {
  await db.insertInto('notice_attachments').values(row).execute();
}

/** Returns the deleted row, or undefined when it was not there (or belongs to another notice). */
export async function deleteAttachment(db: Db, noticeId: string, id: string): Promise<NoticeAttachmentRow | undefined> {
  const row = await db
    .selectFrom('notice_attachments')
    .selectAll()
    .where('id', '=', id)
    .where('notice_id', '=', noticeId)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('notice_attachments').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n ? row : undefined;
}

/** Deletes every attachment of a notice and answers the rows, so their files can go after the commit. */
export async function deleteAttachmentsOf(db: Db, noticeId: string): Promise<NoticeAttachmentRow[]> {
  const rows = await db.selectFrom('notice_attachments').selectAll().where('notice_id', '=', noticeId).execute();
  if (rows.length > 0) await db.deleteFrom('notice_attachments').where('notice_id', '=', noticeId).execute();
  return rows;
}

/** The notice's title (its attachments are named after it), or undefined when it does not exist. */
export async function findNoticeTitle(db: Db, noticeId: string): Promise<string | undefined> {
  const row = await db.selectFrom('notices').select('title').where('id', '=', noticeId).executeTakeFirst();
  return row?.title;
}

/** Every attachment's stored keys, for the storage sweep and check-storage. */
export function listAttachmentFiles(db: Db) {
  return db.selectFrom('notice_attachments').select(['id', 'file_key', 'variants']).execute();
}
