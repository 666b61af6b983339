import type { Pace } from './rate-limit.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * A paced allowance per key in this process's memory (no database on the path, for results day's crowd):
 * `burst` events back to back, then one every hour / `perHour` (the generic cell rate algorithm: a key's
 * state is the moment its store is full again). At most `maxKeys` keys are held; when full, the keys whose
 * store is full again go first, then the oldest.
 */
export function createMemoryPace(rule: Pace, maxKeys: number) {
  const interval = HOUR_MS / rule.perHour;
  const fullAt = new Map<string, number>();

  const waitOf = (key: string, now: number) =>
    Math.max(0, Math.max(fullAt.get(key) ?? now, now) + interval - now - rule.burst * interval);

  function sweep(now: number): void {
    for (const [key, at] of fullAt) if (at <= now) fullAt.delete(key);
  }

  return {
    /** How long until `key` may have one more event (0: now), without taking it. */
    wait: (key: string, now: number): number => waitOf(key, now),
    /** Takes one event for `key` when there is room: 0, or how long until there is (nothing taken then). */
    take(key: string, now: number): number {
      const wait = waitOf(key, now);
      if (wait > 0) return wait;
      if (!fullAt.has(key) && fullAt.size >= maxKeys) {
        sweep(now);
        while (fullAt.size >= maxKeys) fullAt.delete(fullAt.keys().next().value!);
      }
      fullAt.set(key, Math.max(fullAt.get(key) ?? now, now) + interval);
      return 0;
    },
    /** Drops every key whose store is full again (the schedule calls it, so an idle process holds none). */
    sweep,
    get size() {
      return fullAt.size;
    },
  };
}
