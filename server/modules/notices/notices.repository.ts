import { type Insertable, type Updateable, sql } from 'kysely';
import { endOfNepalDay } from '#common/dates/nepal-time.ts';
import type { Db } from '#server/db/db.ts';
import type { NoticeRow, NoticesTable } from '#server/db/schema.ts';

/** What the public may see at a moment: notices published by `now`, pinned ones counted from `today` (Nepal). */
export interface PublicView {
  /** ISO instant */
  now: string;
  /** 'YYYY-MM-DD', today in Nepal */
  today: string;
  category?: string | undefined;
}

function published(db: Db, view: PublicView) {
  let query = db.selectFrom('notices').where('publish_at', '<=', view.now);
  if (view.category) query = query.where('category', '=', view.category);
  return query;
}

/** Published notices: pinned first, then newest first; `offset` needs `limit`. */
export function listPublished(db: Db, view: PublicView, limit?: number, offset = 0): Promise<NoticeRow[]> {
  let query = published(db, view)
    .selectAll()
    .orderBy(sql`case when pinned_until >= ${view.today} then 0 else 1 end`)
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** Published notices by publish time alone (a feed has no pins). */
export function listLatestPublished(db: Db, now: string, limit: number): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('publish_at', '<=', now)
    .orderBy('publish_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPublished(db: Db, view: PublicView): Promise<number> {
  const row = await published(db, view)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every notice, scheduled ones included, by publish time, newest first (the admin's list); a page of it with `limit`. */
export function listAllNotices(db: Db, limit?: number, offset = 0): Promise<NoticeRow[]> {
  let query = db.selectFrom('notices').selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

export async function countAllNotices(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotice(db: Db, row: Insertable<NoticesTable>): Promise<void> {
  await db.insertInto('notices').values(row).execute();
}

/** Returns whether the row was there to update. */
export async function updateNotice(db: Db, id: string, fields: Omit<Updateable<NoticesTable>, 'id' | 'created_at'>) {
  const result = await db.updateTable('notices').set(fields).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records that the notice changed at `at` (an attachment added or removed); false when it is gone. */
export async function touchNotice(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('notices').set({ updated_at: at }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

/** The first time after `now` when what the public sees of notices changes by itself: a publish time or a pin's end. */
export async function nextNoticeChange(db: Db, now: string, today: string): Promise<string | null> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => [
      eb.fn.min<string | null>(eb.case().when('publish_at', '>', now).then(eb.ref('publish_at')).end()).as('publish'),
      eb.fn
        .min<string | null>(eb.case().when('pinned_until', '>=', today).then(eb.ref('pinned_until')).end())
        .as('pin'),
    ])
    .executeTakeFirst();
  const candidates = [row?.publish ?? null, row?.pin ? endOfNepalDay(row.pin) : null].filter(
    (v): v is string => v !== null,
  );
  return candidates.length > 0 ? candidates.sort()[0]! : null;
}
