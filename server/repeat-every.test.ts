import { describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every.ts';

describe('repeatEvery', () => {
  it('runs now and at each interval, never two at once, and goes on after a failure', async () => {
    vi.useFakeTimers();
    try {
      let finish: () => void = () => undefined;
      const runs: string[] = [];
      const failures: unknown[] = [];
      let n = 0;
      const job = repeatEvery(
        1000,
        () => {
          n += 1;
          runs.push(`run ${n}`);
          if (n === 1) return new Promise<void>((done) => (finish = done));
          if (n === 2) return Promise.reject(new Error('disk gone'));
          return Promise.resolve();
        },
        (err) => failures.push(err),
      );
      expect(runs).toEqual(['run 1']);
      // The first run is still going: the next due one does nothing.
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1']);
      finish();
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1', 'run 2']);
      expect(failures).toEqual([new Error('disk gone')]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toEqual(['run 1', 'run 2', 'run 3']);
      job.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
