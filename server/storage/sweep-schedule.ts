import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { createJobLoop } from '../jobs/job-loop.ts';
import { type FileOwner, type SweepReport, sweepStorage } from './storage-sweep.ts';
import type { Storage } from './storage.ts';

export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** One summary line, a warning per damaged row, an error for what needs a person. */
export function logSweep(log: Log, report: SweepReport): void {
  log.info(
    {
      rows: report.rows,
      files: report.files,
      orphansRemoved: report.removed,
      abandonedRemoved: report.abandoned.length,
      emptyStagingFoldersRemoved: report.emptyBatches.length,
      restored: report.restored.length,
      leftForUploadsInFlight: report.recent,
      rowsWithMissingFiles: report.missing.length,
    },
    'storage sweep finished',
  );
  for (const row of report.missing) {
    log.warn(
      { kind: row.kind, id: row.id, missing: row.keys },
      `this ${row.kind} refers to stored files that are missing`,
    );
  }
  if (report.refused) {
    log.error(
      { orphans: report.orphans.length, files: report.files },
      'the storage sweep would have removed most stored files, so it removed none: is this the right database? ' +
        '`npm run check-storage` lists them',
    );
  }
  for (const failure of report.failed)
    log.error(failure, 'the storage sweep could not tidy a file; it tries again next time');
}

/**
 * Sweeps now (without holding up the start) and then once a day. Each process of a scaled-out site does
 * the same; sweeps are safe to run at once.
 */
export function startStorageSweeps(
  storage: Storage,
  owners: readonly FileOwner[],
  log: Log,
  intervalMs = SWEEP_INTERVAL_MS,
  clock?: Clock,
): { stop: () => void } {
  return createJobLoop({
    name: 'storage sweep',
    tick: async () => logSweep(log, await sweepStorage(storage, owners)),
    intervalMs,
    clock,
    log,
    failure: 'the storage sweep failed; it runs again in a day',
  }).start();
}
