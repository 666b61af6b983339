import { describe, expect, it } from 'vitest';
import { createWorkLimit } from './work-limit.ts';

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a work limit', () => {
  it('runs at most its number at once and starts the waiting ones in the order they came', async () => {
    const limit = createWorkLimit(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        await g.opened;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limit.load).toEqual({ running: 2, waiting: 2 });
    gates[1]!.open();
    expect(await done[1]).toBe(10);
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(done)).toEqual([0, 10, 20, 30]);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when the work fails, and passes the failure on', async () => {
    const limit = createWorkLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => createWorkLimit(0)).toThrow(/at least 1/u);
  });
});
