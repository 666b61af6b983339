import { randomUUID } from 'node:crypto';
import {
  type RouteVitals,
  VITALS_LIMITS,
  VITAL_NAMES,
  type VitalName,
  type VitalsWindow,
  percentile,
} from '#common/vitals/vitals.ts';
import { type VitalsBeacon, VitalsBeaconSchema } from '#common/vitals/vitals-schema.ts';
import { apiErrorMessage } from '#common/api-error.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { type Clock, isoAfter } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, tooManyRequests } from '#server/errors.ts';
import { hit } from '#server/rate-limit/rate-limit.repository.ts';
import * as repo from './vitals.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface VitalsOptions {
  maxPerAddressPerHour: number;
  retentionDays: number;
  maxRows: number;
  /** Pruning runs after this many stored beacons (per process)... */
  pruneEvery: number;
  /** ...or when this long has passed since the last pruning (the first beacon after a start prunes). */
  pruneIntervalMs: number;
}

export const DEFAULT_VITALS_OPTIONS: VitalsOptions = {
  maxPerAddressPerHour: VITALS_LIMITS.maxBeaconsPerAddressPerHour,
  retentionDays: VITALS_LIMITS.retentionDays,
  maxRows: VITALS_LIMITS.maxRows,
  pruneEvery: 500,
  pruneIntervalMs: HOUR_MS,
};

const emptyRecord = <T>(value: () => T): Record<VitalName, T> =>
  Object.fromEntries(VITAL_NAMES.map((name) => [name, value()])) as Record<VitalName, T>;

/** Groups raw samples by route and metric, and takes the 75th percentile of each group. */
export function summarise(rows: readonly { route: string; metric: string; value: number }[]): RouteVitals[] {
  const byRoute = new Map<string, Record<VitalName, number[]>>();
  for (const row of rows) {
    if (!(VITAL_NAMES as readonly string[]).includes(row.metric)) continue;
    let metrics = byRoute.get(row.route);
    if (!metrics) byRoute.set(row.route, (metrics = emptyRecord<number[]>(() => [])));
    metrics[row.metric as VitalName].push(Number(row.value));
  }
  return [...byRoute.entries()]
    .map(([route, metrics]) => {
      const samples = emptyRecord(() => 0);
      const p75 = emptyRecord<number | null>(() => null);
      for (const name of VITAL_NAMES) {
        samples[name] = metrics[name].length;
        p75[name] = percentile(metrics[name], 0.75);
      }
      return { route, samples, p75 };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function createVitalsService(db: Db, options: Partial<VitalsOptions>, clock: Clock) {
  const opts = { ...DEFAULT_VITALS_OPTIONS, ...options };
  let storedSincePrune = 0;
  let lastPrune = 0;

  const service = {
    options: opts,
    /** Validates, throttles per client address, stores one row per metric, and prunes now and then. */
    async record(input: VitalsBeacon, clientIp: string, now = clock.now()): Promise<void> {
      const parsed = VitalsBeaconSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid beacon.');
      const { count, resetAt } = await hit(db, `vitals:ip:${clientIp}`, HOUR_MS, now);
      if (count > opts.maxPerAddressPerHour) {
        throw tooManyRequests(
          'vitals/too-many-requests',
          apiErrorMessage('vitals/too-many-requests'),
          (resetAt.getTime() - now.getTime()) / 1000,
        );
      }
      const createdAt = now.toISOString();
      await repo.insertVitals(
        db,
        parsed.data.metrics.map((m) => ({
          id: randomUUID(),
          route: parsed.data.route,
          metric: m.name,
          value: m.value,
          created_at: createdAt,
        })),
      );
      storedSincePrune += 1;
      if (storedSincePrune >= opts.pruneEvery || now.getTime() - lastPrune >= opts.pruneIntervalMs)
        await service.prune(now);
    },
    /** Deletes rows past the retention period, then the oldest beyond the row cap. */
    async prune(now = clock.now()): Promise<{ expired: number; overCap: number }> {
      storedSincePrune = 0;
      lastPrune = now.getTime();
      const expired = await repo.deleteOlderThan(db, isoAfter(now, -(opts.retentionDays * DAY_MS)));
      const overCap = (await repo.countVitals(db)) > opts.maxRows ? await repo.deleteBeyondNewest(db, opts.maxRows) : 0;
      return { expired, overCap };
    },
    /** The 75th percentile per route over the last 7 and 28 days (or the windows asked for), for those the policy lets read it. */
    async summary(actor: Actor, now = clock.now(), windows: readonly number[] = [7, 28]): Promise<VitalsWindow[]> {
      authorize(actor, 'vitals.read');
      const longest = Math.max(...windows);
      const rows = await repo.listSince(db, isoAfter(now, -(longest * DAY_MS)));
      return windows.map((days) => {
        const since = isoAfter(now, -(days * DAY_MS));
        return { days, routes: summarise(rows.filter((r) => r.created_at >= since)) };
      });
    },
    count: () => repo.countVitals(db),
  };
  return service;
}
export type VitalsService = ReturnType<typeof createVitalsService>;
