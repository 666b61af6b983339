import type { Clock } from '#server/clock.ts';

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
