import type { Clock } from '#server/clock.ts';

/**
 * Session lifetimes at their longest (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS): sessions are timed by the
 * same clock, so a test that moves it days ahead keeps its admin signed in with these.
 */
export const SESSIONS_OUTLAST_CLOCK = { SESSION_IDLE_MINUTES: '43200', SESSION_MAX_HOURS: '2160' } as const;

/** A clock a test sets and moves forward, so time-dependent rules are tested without waiting. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = new Date()) {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  set(to: Date | string): void {
    this.#now = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}
