import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import { createJobLoop } from '#server/jobs/job-loop.ts';
import type { MeritService } from './merit.service.ts';
import type { ResultsLookup } from './results-lookup.ts';

type Log = Pick<FastifyBaseLogger, 'error'>;

/** How often the server looks for results to publish and offers past their deadline. */
export const RESULTS_TICK_MS = 20_000;
/**
 * The tick when the clock is moved by a test (TEST_CLOCK_FILE, never set on a real site): a test that moves the
 * clock past a publish time or a deadline sees the schedule act within a second instead of waiting a real tick.
 */
export const MOVED_CLOCK_TICK_MS = 1_000;

/**
 * Results day's clockwork, in every server process with nobody signed in: publishes a season whose publish
 * time has come (one process wins the claim), lapses offers past their deadline and offers their seats on,
 * makes the results notice a publishing still owes, rebuilds the look-up when another process changed
 * the results, and forgets the look-up's misses whose hour is over. A tick that fails is logged and the next one tries again.
 */
export function startResultsSchedule(
  merit: Pick<MeritService, 'publishDue' | 'lapseDue' | 'noticesOwed'>,
  lookup: Pick<ResultsLookup, 'refreshIfChanged' | 'sweep'>,
  makeNotice: (seasonId: string) => Promise<unknown>,
  log: Log,
  intervalMs = RESULTS_TICK_MS,
  clock?: Clock,
): { stop: () => void; tick: () => Promise<void> } {
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      log.error({ err }, `results schedule: ${what} failed; it is tried again`);
    }
  };
  const once = async () => {
    await step('publishing', () => merit.publishDue());
    await step('lapsing offers', () => merit.lapseDue());
    await step('the results notice', async () => {
      for (const { season_id } of await merit.noticesOwed()) await makeNotice(season_id);
    });
    await step('the look-up', () => lookup.refreshIfChanged());
    lookup.sweep();
  };
  const loop = createJobLoop({ name: 'results schedule', tick: once, intervalMs, clock, log });
  const ticking = loop.start();
  return { stop: () => void ticking.stop(), tick: loop.runOnce };
}
