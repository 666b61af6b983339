import { describe, expect, it } from 'vitest';
import { createMemoryPace } from './memory-pace.ts';

describe('createMemoryPace', () => {
  it('takes a burst, then one event per interval, and gives nothing to a refused one', () => {
    const pace = createMemoryPace({ perHour: 5, burst: 5 }, 100);
    const now = 1_000_000;
    for (let i = 0; i < 5; i++) expect(pace.take('roll:7', now)).toBe(0);
    expect(pace.take('roll:7', now)).toBe(12 * 60_000);
    expect(pace.take('roll:7', now + 6 * 60_000)).toBe(6 * 60_000);
    expect(pace.take('roll:7', now + 12 * 60_000)).toBe(0);
    expect(pace.take('roll:7', now + 12 * 60_000)).toBeGreaterThan(0);
    expect(pace.take('roll:8', now)).toBe(0);
  });

  it('holds at most its number of keys, dropping full stores first', () => {
    const pace = createMemoryPace({ perHour: 60, burst: 1 }, 3);
    for (let i = 0; i < 10; i++) pace.take(`k${i}`, i * 1000);
    expect(pace.size).toBe(3);
    pace.sweep(10 * 3_600_000);
    expect(pace.size).toBe(0);
  });
});
