import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import { createJobLoop } from './jobs/job-loop.ts';

export interface DrainLoopOptions {
  /** Processes one waiting item; false when none was claimable. Must not throw for an item's own failure. */
  processOne: () => Promise<boolean>;
  /** What the log lines name: 'photo queue', 'document queue'. */
  name: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  clock?: Clock | undefined;
}

/** The wait between rounds until `start` names its own (rounds run only when called until then). */
const POLL_UNSET = 60_000;

/**
 * The round of a claim-based queue (the album photos', the applicants' documents'), run by the job loop: `drain`
 * processes items until none is claimable, one round at a time; once started, a round runs every interval (items
 * queued by another process, or whose claim expired) and at once when woken after something was queued. A
 * round's failure is logged and the next one runs as planned; the timer never keeps the process alive.
 */
export function createDrainLoop({ processOne, name, log, clock }: DrainLoopOptions) {
  const drainAll = async (): Promise<number> => {
    let count = 0;
    while (await processOne()) count++;
    return count;
  };
  const failure = `${name}: a round failed; it runs again`;
  // The interval is the one `start` is given; until then rounds run only when called.
  const loop = createJobLoop({ name, tick: drainAll, intervalMs: POLL_UNSET, clock, log, failure });

  return {
    /** Processes waiting items until none is left; returns how many it processed. One round at a time. */
    drain: (): Promise<number> => loop.runOnce(),
    /** Starts the rounds: one now, then every `intervalMs`; `stop` waits for the round under way. */
    start: (intervalMs: number) => loop.start(intervalMs),
    /** A round at once, when started: called after an item was queued. */
    wake: () => loop.wake(),
  };
}
