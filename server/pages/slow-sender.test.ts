import { describe, expect, it } from 'vitest';
import { DEFAULT_SENDER_LIMITS, judgeBody } from './slow-sender.ts';

// The rule on a moved clock: 20 s without a byte, or under 4 KiB/s on average once 20 s have passed.
describe('judgeBody', () => {
  const limits = DEFAULT_SENDER_LIMITS;
  const start = 1_000_000;
  const at = (seconds: number) => start + seconds * 1000;

  it('keeps a body whose last byte came 19.999 s ago and cuts one silent for 20 s', () => {
    const progress = { startedAt: start, lastProgressAt: at(5), bytes: 1_000_000 };
    expect(judgeBody(progress, at(24.999), limits)).toBe('ok');
    expect(judgeBody(progress, at(25), limits)).toBe('idle');
  });

  it('gives a slow start its 20 s of grace, then wants 4096 bytes a second on average', () => {
    const slow = (bytes: number) => ({ startedAt: start, lastProgressAt: at(19.5), bytes });
    expect(judgeBody(slow(100), at(19.9), limits)).toBe('ok');
    expect(judgeBody(slow(20 * 4096), at(20), limits)).toBe('ok');
    expect(judgeBody(slow(20 * 4096 - 1), at(20), limits)).toBe('slow');
  });

  it('has no minimum rate when it is set to 0', () => {
    const progress = { startedAt: start, lastProgressAt: at(59), bytes: 10 };
    expect(judgeBody(progress, at(60), { ...limits, minBytesPerSecond: 0 })).toBe('ok');
  });
});
