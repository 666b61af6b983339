/** Where the server reads the time for rules that depend on it (scheduled and pinned notices). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The instant `ms` milliseconds after `at` (before it, for a negative `ms`), as ISO text: a deadline or a cut-off. */
export const isoAfter = (at: Date | number, ms: number): string =>
  new Date((typeof at === 'number' ? at : at.getTime()) + ms).toISOString();

/** A stored or given instant (ISO text) as a Date: a value read, never the time now. */
export const instantOf = (iso: string): Date => new Date(iso);
