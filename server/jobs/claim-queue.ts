import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { createDrainLoop } from '#server/drain-loop.ts';
import { batchOwnerGone, newBatchName } from '#server/storage/batch-owner.ts';
import { type ClaimTable, claimNext, listClaims, releaseClaim } from './claims.repository.ts';

export interface ClaimQueueOptions<Row extends { id: string }> {
  /** What the log lines name: 'photo queue', 'document queue'. */
  name: string;
  db: Db;
  table: ClaimTable;
  /** The order rows are taken in: columns of the table, ascending. */
  order: readonly string[];
  /** How long a worker's claim holds (another machine's process may have died holding it). */
  claimMs: number;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The clock the rounds' failures are timed by (see server/jobs/job-loop.ts), when the queue gives one. */
  loopClock?: Clock;
  /**
   * Whether a claim left by a process that ended counts as a try (a worker that died mid-item may have died of
   * the item); the table must count tries (`attempts`) for it to.
   */
  abandonedCountsAsTry: boolean;
  /** Processes one claimed row; throws only for what is not the row's own fault (the process died, storage failed). */
  process: (row: Row, claim: string) => Promise<void>;
  /** What becomes of a row whose processing threw: retried later, or failed. Its own failure is logged by it. */
  afterError: (row: Row, claim: string, err: unknown) => Promise<void>;
}

const isoAfter = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();

/**
 * A queue of rows claimed in the database, one at a time per process: each round claims the next row with this
 * worker's name (its process and machine) and a lease, so two processes never take the same row and one whose
 * worker died is taken up again (at once, when that worker was of this machine and the queue starts; at the
 * lease's end otherwise). The rounds are the drain loop's (server/drain-loop.ts).
 */
export function createClaimQueue<Row extends { id: string }>(options: ClaimQueueOptions<Row>) {
  const { name, db, table, order, claimMs, clock, log, loopClock, abandonedCountsAsTry, process, afterError } = options;

  /** Processes one waiting row; false when none was claimable. Never throws for the row's processing. */
  async function processOne(): Promise<boolean> {
    const now = clock.now();
    const claim = newBatchName();
    const row = await claimNext<Row>(db, table, order, {
      claim,
      now: now.toISOString(),
      until: isoAfter(now, claimMs),
    });
    if (!row) return false;
    try {
      await process(row, claim);
    } catch (err) {
      await afterError(row, claim, err);
    }
    return true;
  }

  /** Releases the claims of workers whose process has ended on this machine, so their rows are taken up now. */
  async function releaseAbandoned(): Promise<number> {
    let released = 0;
    for (const { id, claimed_by } of await listClaims(db, table)) {
      if (batchOwnerGone(claimed_by)) {
        await releaseClaim(db, table, id, claimed_by, abandonedCountsAsTry);
        released++;
      }
    }
    return released;
  }

  const loop = createDrainLoop({ processOne, name, log, clock: loopClock });

  return {
    processOne,
    drain: loop.drain,
    releaseAbandoned,
    /** Gives this worker's claim on a row back, so it is taken up again (`tried`: the try counts). */
    release: (id: string, claim: string, tried: boolean) => releaseClaim(db, table, id, claim, tried),
    /** Starts the background worker (server/main.ts), after releasing the claims of ended processes. */
    async start(intervalMs: number) {
      await releaseAbandoned().catch((err: unknown) =>
        log.error({ err }, `${name}: could not release the claims of ended processes`),
      );
      return loop.start(intervalMs);
    },
    /** A round at once, when started: called after something was queued. */
    wake: loop.wake,
  };
}
