import { describe, expect, it } from 'vitest';
import { lastScheduledAt, nextScheduledAt } from './schedule.ts';

describe('the backup time in Nepal', () => {
  it('02:30 in Nepal is 20:45 UTC the day before', () => {
    expect(lastScheduledAt(new Date('2026-11-25T21:00:00Z'), '02:30').toISOString()).toBe('2026-11-25T20:45:00.000Z');
    expect(lastScheduledAt(new Date('2026-11-25T20:44:59Z'), '02:30').toISOString()).toBe('2026-11-24T20:45:00.000Z');
    expect(lastScheduledAt(new Date('2026-11-25T20:45:00Z'), '02:30').toISOString()).toBe('2026-11-25T20:45:00.000Z');
    expect(nextScheduledAt(new Date('2026-11-25T20:45:00Z'), '02:30').toISOString()).toBe('2026-11-26T20:45:00.000Z');
  });

  it('23:59 in Nepal is 18:14 UTC the same day', () => {
    expect(lastScheduledAt(new Date('2026-11-25T19:00:00Z'), '23:59').toISOString()).toBe('2026-11-25T18:14:00.000Z');
  });
});
