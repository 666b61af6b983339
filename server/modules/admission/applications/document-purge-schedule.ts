import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import { createJobLoop } from '#server/jobs/job-loop.ts';
import { SWEEP_INTERVAL_MS } from '#server/storage/sweep-schedule.ts';
import type { ApplicationOfficeService } from './application-office.service.ts';
import { PENDING_LIMITS, type PendingDocuments } from './application-pending.ts';

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * Deletes closed applications' documents that are past their keeping time now (without holding up the
 * start) and then once a day, as the storage sweep runs. Runs in each process of a scaled-out site: a second
 * run finds nothing left to delete.
 */
export function startDocumentPurges(
  office: Pick<ApplicationOfficeService, 'purgeDocuments'>,
  log: Log,
  intervalMs = SWEEP_INTERVAL_MS,
  clock?: Clock,
): { stop: () => void } {
  return createJobLoop({
    name: 'document purge',
    tick: async () => {
      const done = await office.purgeDocuments();
      if (done.applications > 0) log.info(done, "closed applications' documents deleted");
    },
    intervalMs,
    clock,
    log,
    failure: "deleting closed applications' documents failed; it runs again in a day",
  }).start();
}

/**
 * Deletes the files refused forms kept, once expired, every few minutes (PENDING_LIMITS.sweepMs), so that none
 * outlives the hour: the daily storage sweep is too seldom for files anyone may send.
 */
export function startKeptFileSweeps(
  kept: Pick<PendingDocuments, 'sweep'>,
  log: Log,
  intervalMs: number = PENDING_LIMITS.sweepMs,
  clock?: Clock,
): { stop: () => void } {
  return createJobLoop({
    name: 'kept-file sweep',
    tick: async () => {
      const removed = await kept.sweep();
      if (removed > 0) log.info({ removed }, 'files kept for refused application forms deleted after their hour');
    },
    intervalMs,
    clock,
    log,
    failure: 'deleting the files kept for refused application forms failed; it runs again soon',
  }).start();
}
