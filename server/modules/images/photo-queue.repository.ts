import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { ImageRow, NewImageRow } from '#server/db/schema.ts';

/** Photos waiting for the worker (claimed or not). */
export async function countProcessing(db: Db): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'processing')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inserts a photo in state 'processing' only while fewer than `max` wait, and returns whether it did. Count and
 * insert are serialised across processes: SQLite holds its one write lock for the transaction; PostgreSQL takes a
 * transaction-scoped advisory lock first. Call it inside a transaction.
 */
export async function insertWithinQueueLimit(db: Db, row: NewImageRow, max: number): Promise<boolean> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${'orbit:photo-queue'}))`.execute(db);
  if ((await countProcessing(db)) >= max) return false;
  await db.insertInto('images').values(row).execute();
  return true;
}

/**
 * Claims the oldest unclaimed (or expired-claim) photo waiting for processing, in one UPDATE whose WHERE repeats
 * the claimable test: on PostgreSQL a second process that raced for the same row re-reads it after the first
 * committed and finds it claimed; SQLite runs one writer at a time. Undefined when nothing is claimable.
 */
export async function claimNext(
  db: Db,
  { claim, now, until }: { claim: string; now: string; until: string },
): Promise<ImageRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await db
      .updateTable('images')
      .set({ claimed_by: claim, claimed_until: until })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('images as q')
          .select('q.id')
          .where('q.state', '=', 'processing')
          .where((w) => w.or([w('q.claimed_until', 'is', null), w('q.claimed_until', '<', now)]))
          .orderBy('q.created_at', 'asc')
          .orderBy('q.id', 'asc')
          .limit(1),
      )
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      return db
        .selectFrom('images')
        .selectAll()
        .where('claimed_by', '=', claim)
        .where('state', '=', 'processing')
        .executeTakeFirst();
    }
    // Nothing claimable, or another process took the row between the sub-select and the update: look again.
    const waiting = await db
      .selectFrom('images')
      .select('id')
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (!waiting) return undefined;
  }
  return undefined;
}

/** Claims held by workers, for releasing those of processes that have ended. */
export function listClaims(db: Db): Promise<{ id: string; claimed_by: string }[]> {
  return db
    .selectFrom('images')
    .select(['id', 'claimed_by'])
    .where('state', '=', 'processing')
    .where('claimed_by', 'is not', null)
    .execute() as Promise<{ id: string; claimed_by: string }[]>;
}

export async function releaseClaim(db: Db, id: string, claim: string): Promise<void> {
  await db
    .updateTable('images')
    .set({ claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .execute();
}

/** Records the processed photo, only while this worker's claim holds and the photo was not deleted meanwhile. */
export async function markReady(
  db: Db,
  id: string,
  claim: string,
  values: Pick<ImageRow, 'width' | 'height' | 'variants' | 'taken_at' | 'position'>,
): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ ...values, state: 'ready', original_key: null, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A photo that could not be processed: its reason kept for the office, its original forgotten. */
export async function markFailed(db: Db, id: string, claim: string, failure: string): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ state: 'failed', failure, original_key: null, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A ready photo whose files could not be stored after all: failed with `failure`, its pictures forgotten. */
export async function markNotStored(db: Db, id: string, failure: string): Promise<void> {
  await db.updateTable('images').set({ state: 'failed', failure, variants: '[]' }).where('id', '=', id).execute();
}

/** The states of the photos named (those still existing). */
export function photoStates(db: Db, ids: string[]): Promise<Pick<ImageRow, 'id' | 'state' | 'failure'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('images').select(['id', 'state', 'failure']).where('id', 'in', ids).execute();
}
