import { sql } from 'kysely';
import type { Db } from '#server/db/db.ts';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Counts one event for `key` in a fixed window, atomically (one upsert), so several processes sharing
 * the database share the counter.
 */
export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<Hit> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql<boolean>`rate_limits.reset_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<string>`case when ${expired} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/**
 * Takes one of `max` attempts for `key` in a fixed window, atomically (one conditional upsert), so that
 * requests arriving together, in any number of processes sharing the database, never take more than
 * `max` between them. Returns the window it was counted in, or null when every attempt is taken.
 */
export async function reserve(db: Db, key: string, max: number, windowMs: number, now: Date): Promise<Hit | null> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const expired = sql<boolean>`rate_limits.reset_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<string>`case when ${expired} then ${resetAt} else rate_limits.reset_at end`,
        })
        // When this is false the row is left alone and nothing is returned: the attempt is refused.
        .where(sql<boolean>`${expired} or rate_limits.count < ${max}`),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirst();
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
}

/**
 * Gives back an attempt taken by `reserve` (it turned out not to count, such as a successful sign-in).
 * Only within the window it was taken in: a window that has started again owes it nothing.
 */
export async function release(db: Db, key: string, taken: Hit): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('reset_at', '=', taken.resetAt.toISOString())
    .where('count', '>', 0)
    .execute();
}

/** The current count for `key`, 0 when its window has passed. */
export async function peek(db: Db, key: string, now: Date): Promise<Hit> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || row.reset_at <= now.toISOString()) return { count: 0, resetAt: now };
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function pruneExpired(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now.toISOString()).execute();
}

/**
 * A steady allowance with a small store for bursts: `perHour` events an hour, at most `burst` of them back to
 * back. Unlike a fixed window, a burst that empties the store leaves the rest of the hour's allowance to
 * those who come later, at the steady pace.
 */
export interface Pace {
  perHour: number;
  burst: number;
}

const HOUR_MS = 3_600_000;

/**
 * The paced allowance's state is the moment the store will be full again (the generic cell rate algorithm):
 * kept in `reset_at`, so that a row whose moment has passed (a full store) is pruned like any expired one.
 */
function paceOf(rule: Pace, nowMs: number, fullAt: string | undefined) {
  const interval = HOUR_MS / rule.perHour;
  const from = Math.max(fullAt ? Date.parse(fullAt) : nowMs, nowMs);
  const waitMs = from + interval - nowMs - rule.burst * interval;
  return { allowed: waitMs <= 0, waitMs: Math.max(0, waitMs), next: new Date(from + interval).toISOString() };
}

/** Whether `rule` has room for one more event under `key` now, without taking it; and how long until it has. */
export async function paceRoom(db: Db, key: string, rule: Pace, now: Date): Promise<{ waitMs: number }> {
  const row = await db.selectFrom('rate_limits').select('reset_at').where('key', '=', key).executeTakeFirst();
  return { waitMs: paceOf(rule, now.getTime(), row?.reset_at).waitMs };
}

/** What takePace answers: 0 and what it took (to give back), or how long until there is room. */
export interface PaceTaken {
  waitMs: number;
  taken?: { key: string; before: string | null; after: string };
}

/**
 * Gives back an event takePace took (it turned out not to count: the right key after all). Only when no one
 * took another since: then the allowance is as it was; otherwise it stays taken, which errs on the safe side.
 */
export async function givePaceBack(db: Db, taken: NonNullable<PaceTaken['taken']>): Promise<void> {
  if (taken.before === null) {
    await db.deleteFrom('rate_limits').where('key', '=', taken.key).where('reset_at', '=', taken.after).execute();
    return;
  }
  await db
    .updateTable('rate_limits')
    .set({ reset_at: taken.before })
    .where('key', '=', taken.key)
    .where('reset_at', '=', taken.after)
    .execute();
}

/**
 * Takes one event of the paced allowance for `key`, atomically across processes (a compare-and-set on the
 * row, tried again when another process changed it first). Answers 0 when taken, or how long until there is
 * room (a refused event takes nothing).
 */
export async function takePace(db: Db, key: string, rule: Pace, now: Date): Promise<PaceTaken> {
  const nowMs = now.getTime();
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await db.selectFrom('rate_limits').select('reset_at').where('key', '=', key).executeTakeFirst();
    const pace = paceOf(rule, nowMs, row?.reset_at);
    if (!pace.allowed) return { waitMs: pace.waitMs };
    const changed = row
      ? await db
          .updateTable('rate_limits')
          .set({ reset_at: pace.next })
          .where('key', '=', key)
          .where('reset_at', '=', row.reset_at)
          .executeTakeFirst()
      : await db
          .insertInto('rate_limits')
          .values({ key, count: 0, reset_at: pace.next })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
    const rows = 'numUpdatedRows' in changed ? changed.numUpdatedRows : (changed.numInsertedOrUpdatedRows ?? 0n);
    if (rows > 0n) return { waitMs: 0, taken: { key, before: row?.reset_at ?? null, after: pace.next } };
  }
  // Eight processes in a row changed the same allowance first: this one is as good as a burst, and waits.
  return { waitMs: HOUR_MS / rule.perHour };
}
