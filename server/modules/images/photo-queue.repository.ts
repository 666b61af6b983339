import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { ImageRow, NewImageRow } from '#server/db/schema.ts';
import * as claims from '#server/jobs/claims.repository.ts';
import type { Lease } from '#server/jobs/claims.repository.ts';

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

/** The order photos are processed in: as they were sent. */
export const PHOTO_ORDER = ['created_at', 'id'] as const;

/**
 * Claims the oldest unclaimed (or expired-claim) photo waiting for processing (server/jobs/claims.repository.ts);
 * undefined when nothing is claimable.
 */
export const claimNext = (db: Db, lease: Lease): Promise<ImageRow | undefined> =>
  claims.claimNext<ImageRow>(db, 'images', PHOTO_ORDER, lease);

/** Records the processed photo, only while this worker's claim holds and the photo was not deleted meanwhile. */
export async function markReady(
  db: Db,
  id: string,
  claim: string,
  values: Pick<ImageRow, 'width' | 'height' | 'variants' | 'taken_at' | 'position'>,
): Promise<boolean> {
  return claims.finishClaim(db, 'images', id, claim, { ...values, state: 'ready', original_key: null });
}

/** A photo that could not be processed: its reason kept for the office, its original forgotten. */
export function markFailed(db: Db, id: string, claim: string, failure: string): Promise<boolean> {
  return claims.finishClaim(db, 'images', id, claim, { state: 'failed', failure, original_key: null });
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
