import type { Kysely, Updateable } from 'kysely';
import type { Db } from '#server/db/db.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * The rows of a claim-based queue (the album photos' `images`, the applicants' `application_documents`): a row
 * waits in state 'processing'; a worker claims it by writing its name (`claimed_by`) and a lease end
 * (`claimed_until`), and every change a worker makes holds only while its claim does.
 */
export type ClaimTable = 'images' | 'application_documents';

/** The columns every queue's table has, as the claim queries read and write them. */
interface ClaimColumns {
  id: string;
  state: string;
  created_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  /** Tries that ended without an answer (the documents' queue counts them; the photos' has no such column). */
  attempts: number;
}

/**
 * The queue's table seen through its claim columns only: the queries below are the same for each table, so they
 * are written once against this shape and run on whichever table is named.
 */
const claimsOf = (db: Db) => db as unknown as Kysely<Record<'queue', ClaimColumns> & Record<'q', ClaimColumns>>;
const named = (table: ClaimTable) => table as unknown as 'queue';
const namedAsQ = (table: ClaimTable) => `${table} as q` as unknown as 'q';

/** A claim to take: this worker's name, the time now and the lease's end (ISO 8601). */
export interface Lease {
  claim: string;
  now: string;
  until: string;
}

/**
 * Claims the first unclaimed (or expired-claim) waiting row in `order` (columns of the table, ascending), in one
 * UPDATE whose WHERE repeats the claimable test: on PostgreSQL a second process that raced for the same row
 * re-reads it after the first committed and finds it claimed; SQLite runs one writer at a time. Undefined when
 * nothing is claimable.
 */
export async function claimNext<Row>(
  db: Db,
  table: ClaimTable,
  order: readonly string[],
  { claim, now, until }: Lease,
): Promise<Row | undefined> {
  const q = claimsOf(db);
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await q
      .updateTable(named(table))
      .set({ claimed_by: claim, claimed_until: until })
      .where('id', '=', (eb) => {
        let next = eb
          .selectFrom(namedAsQ(table))
          .select('q.id')
          .where('q.state', '=', 'processing')
          .where((w) => w.or([w('q.claimed_until', 'is', null), w('q.claimed_until', '<', now)]));
        for (const column of order) next = next.orderBy(`q.${column}` as 'q.id', 'asc');
        return next.limit(1);
      })
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      return (await q
        .selectFrom(named(table))
        .selectAll()
        .where('claimed_by', '=', claim)
        .where('state', '=', 'processing')
        .executeTakeFirst()) as Row | undefined;
    }
    // Nothing claimable, or another process took the row between the sub-select and the update: look again.
    const waiting = await q
      .selectFrom(named(table))
      .select('id')
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (!waiting) return undefined;
  }
  return undefined;
}

/** Claims held by workers, for releasing those of processes that have ended. */
export function listClaims(db: Db, table: ClaimTable): Promise<{ id: string; claimed_by: string }[]> {
  return claimsOf(db)
    .selectFrom(named(table))
    .select(['id', 'claimed_by'])
    .where('state', '=', 'processing')
    .where('claimed_by', 'is not', null)
    .execute() as Promise<{ id: string; claimed_by: string }[]>;
}

/**
 * Gives a claim back so the row is taken up again; `tried` counts a try that ended without an answer (the
 * worker's process died, its results could not be stored), on a table that counts them.
 */
export async function releaseClaim(
  db: Db,
  table: ClaimTable,
  id: string,
  claim: string,
  tried: boolean,
): Promise<void> {
  await claimsOf(db)
    .updateTable(named(table))
    .set((eb) => ({
      claimed_by: null,
      claimed_until: null,
      ...(tried ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .execute();
}

/**
 * Ends this worker's claim on a row with its outcome (`values`: its new state and what processing left), only
 * while the claim holds and the row still waits (not deleted meanwhile, not taken over after the lease ended);
 * whether it did.
 */
export async function finishClaim<Table extends ClaimTable>(
  db: Db,
  table: Table,
  id: string,
  claim: string,
  values: Updateable<Database[Table]>,
): Promise<boolean> {
  const result = await claimsOf(db)
    .updateTable(named(table))
    .set({ ...(values as Partial<ClaimColumns>), claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
