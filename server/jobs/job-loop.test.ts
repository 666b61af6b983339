import { describe, expect, it, vi } from 'vitest';
import type { Clock } from '#server/clock.ts';
import { createJobLoop, waitAfter } from './job-loop.ts';

const logInto = (lines: Record<string, unknown>[]) => ({
  error: (fields: object) => void lines.push(fields as Record<string, unknown>),
});

describe('createJobLoop', () => {
  it('runs now and at each interval, never two at once, and goes on after a failure', async () => {
    vi.useFakeTimers();
    try {
      let finish: () => void = () => undefined;
      const runs: string[] = [];
      const logged: Record<string, unknown>[] = [];
      let n = 0;
      const job = createJobLoop({
        name: 'test job',
        intervalMs: 1000,
        log: logInto(logged),
        tick: () => {
          n += 1;
          runs.push(`run ${n}`);
          if (n === 1) return new Promise<void>((done) => (finish = done));
          if (n === 2) return Promise.reject(new Error('disk gone'));
          return Promise.resolve();
        },
      }).start();
      expect(runs).toEqual(['run 1']);
      // The first run is still going: the next due one does nothing.
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1']);
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1', 'run 2']);
      expect(logged.map((l) => l.err)).toEqual([new Error('disk gone')]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1', 'run 2', 'run 3']);
      await job.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits longer after failures in a row, says since when, and returns to the interval after a success', async () => {
    vi.useFakeTimers();
    try {
      let at = new Date('2026-11-30T00:00:00Z');
      const clock: Clock = { now: () => at };
      const logged: Record<string, unknown>[] = [];
      const outcomes = ['fail', 'fail', 'fail', 'ok', 'fail'];
      const ranAt: number[] = [];
      let elapsed = 0;
      const job = createJobLoop({
        name: 'flaky',
        intervalMs: 1000,
        clock,
        log: logInto(logged),
        tick: () => {
          ranAt.push(elapsed);
          return outcomes.shift() === 'fail' ? Promise.reject(new Error('no answer')) : Promise.resolve();
        },
      }).start();
      const advance = async (ms: number) => {
        elapsed += ms;
        at = new Date(at.getTime() + ms);
        await vi.advanceTimersByTimeAsync(ms);
      };
      for (let i = 0; i < 8; i++) await advance(1000);
      await job.stop();
      // Failed at 0; again after 1 s (one failure: the interval), 2 s (two in a row), 4 s; the success at 7 s
      // brings the interval back: the next tick at 8 s.
      expect(ranAt).toEqual([0, 1000, 3000, 7000, 8000]);
      expect(logged.map((l) => l.failures)).toEqual([1, 2, 3, 1]);
      expect(logged[2]).toMatchObject({ job: 'flaky', failingSince: '2026-11-30T00:00:00.000Z' });
      expect(logged[3]).toMatchObject({ failingSince: '2026-11-30T00:00:08.000Z' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('joins a tick under way, and a wake during a tick runs one more right after it', async () => {
    vi.useFakeTimers();
    try {
      const finishers: (() => void)[] = [];
      let ticks = 0;
      const loop = createJobLoop({
        name: 'queue',
        intervalMs: 60_000,
        log: logInto([]),
        tick: () => {
          ticks += 1;
          return new Promise<number>((done) => finishers.push(() => done(ticks)));
        },
      });
      const first = loop.runOnce();
      expect(loop.runOnce()).toBe(first);
      finishers.shift()!();
      expect(await first).toBe(1);
      // Not started: a wake does nothing.
      loop.wake();
      expect(ticks).toBe(1);
      const started = loop.start();
      expect(ticks).toBe(2);
      loop.wake();
      loop.wake();
      expect(ticks).toBe(2);
      finishers.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(ticks).toBe(3);
      finishers.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(ticks).toBe(3);
      await started.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never waits past the cap, nor less than the interval', () => {
    expect(waitAfter(1000, 0)).toBe(1000);
    expect(waitAfter(1000, 1)).toBe(1000);
    expect(waitAfter(1000, 4)).toBe(8000);
    expect(waitAfter(1000, 30, 60_000)).toBe(60_000);
    expect(waitAfter(24 * 3600_000, 3, 60_000)).toBe(24 * 3600_000);
  });
});
