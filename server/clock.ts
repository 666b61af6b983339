/** Where the server reads the time for rules that depend on it (scheduled and pinned notices). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
