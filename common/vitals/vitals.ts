/**
 * Real-user measurement (Core Web Vitals): the sampling and limits of the collection, and the "good"
 * thresholds the admin page compares against. The beacon's schema is in vitals-schema.ts, and what
 * every page's reporter needs (sampling, route pattern) in vitals-sampling.ts, so pages load neither.
 */

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITALS_LIMITS = {
  /** Beacons accepted per client address per hour; a campus behind one address stays well inside. */
  maxBeaconsPerAddressPerHour: 120,
  /** Rows older than this are pruned. */
  retentionDays: 28,
  /** Most rows kept at once, whatever the traffic: the oldest go first. */
  maxRows: 200_000,
  /** Longest route pattern accepted. */
  routeMaxChars: 100,
} as const;

/** web.dev's "good" and "poor" boundaries, in the unit each metric is reported in (ms, or none for CLS). */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number; unit: 'ms' | '' }> = {
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  CLS: { good: 0.1, poor: 0.25, unit: '' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(name: VitalName, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[name];
  if (value <= t.good) return 'good';
  return value <= t.poor ? 'needs-improvement' : 'poor';
}

/** The 75th percentile (or any p in 0..1) by nearest rank; null for no values. */
export function percentile(values: readonly number[], p = 0.75): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}

/** One route's 75th percentiles over a window; a metric with no samples is null. */
export interface RouteVitals {
  route: string;
  samples: Record<VitalName, number>;
  p75: Record<VitalName, number | null>;
}

export interface VitalsWindow {
  days: number;
  routes: RouteVitals[];
}
