import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { databaseBusy } from '#server/errors.ts';

/**
 * How long a write waits for a lock that another program holds (a backup tool, a `sqlite3` shell in
 * BEGIN IMMEDIATE, a PostgreSQL session running LOCK TABLE) before it is abandoned with 503. Long enough
 * to ride out a routine backup step, short enough that the admin gets an answer while still looking.
 */
export const DATABASE_BUSY_WAIT_MS = 3000;

/** What 503 answers put in Retry-After: about when the same request may find the lock free. */
export const DATABASE_BUSY_RETRY_AFTER_S = 3;

// Backoff between attempts: quick at first (most locks are brief), never longer than this apart.
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_RECOVERY, _SNAPSHOT, _TIMEOUT). */
export const isSqliteBusy = (err: unknown): boolean =>
  err instanceof SQLite.SqliteError && err.code.startsWith('SQLITE_BUSY');

/** The one error a write that gave up waiting turns into, whatever the engine said. */
export const busyError = (cause: unknown) => databaseBusy(DATABASE_BUSY_RETRY_AFTER_S, cause);

/**
 * Runs `attempt` (a synchronous better-sqlite3 call made with busy_timeout 0, so it fails at once instead
 * of blocking the event loop) until it stops failing with SQLITE_BUSY, pausing asynchronously between
 * tries. At `deadline` (epoch ms) it gives up with the 503 error. Only for work that SQLite abandons whole
 * on SQLITE_BUSY: a statement outside a transaction, or the BEGIN IMMEDIATE that opens one.
 */
export async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return attempt();
    } catch (err) {
      if (!isSqliteBusy(err)) throw err;
      const left = deadline - Date.now();
      if (left <= 0) throw busyError(err);
      // Jitter, so that writers queued behind the same lock do not all retry in step.
      await sleep(Math.min(left, pause * (0.5 + Math.random() / 2)));
    }
  }
}
