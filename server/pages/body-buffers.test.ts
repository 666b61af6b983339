import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBodyBufferPool } from './body-buffers.ts';

const MiB = 1024 * 1024;

describe('createBodyBufferPool', () => {
  it('hands out a buffer of the exact length, and the same memory again once it is given back', () => {
    const pool = createBodyBufferPool(16 * MiB);
    const first = pool.take(3_500_000);
    expect(first.length).toBe(3_500_000);
    // Made in whole MiB: the next body of a similar size fits.
    expect(first.buffer.byteLength).toBe(4 * MiB);
    pool.giveBack(first);
    expect(pool.free).toEqual({ count: 1, bytes: 4 * MiB });
    const second = pool.take(3_900_000);
    expect(second.buffer).toBe(first.buffer);
    expect(second.length).toBe(3_900_000);
    expect(pool.free).toEqual({ count: 0, bytes: 0 });
    // While it is out, another body gets a buffer of its own.
    expect(pool.take(3_900_000).buffer).not.toBe(first.buffer);
  });

  it('takes the smallest free buffer that holds the body, and none more than twice its size', () => {
    const pool = createBodyBufferPool(64 * MiB);
    const big = pool.take(20 * MiB);
    const middle = pool.take(5 * MiB);
    const small = pool.take(2 * MiB);
    for (const b of [big, middle, small]) pool.giveBack(b);
    expect(pool.take(4 * MiB).buffer).toBe(middle.buffer);
    // A 1 MiB body would fit the 20 MiB buffer, but does not pin it: it gets the 2 MiB one.
    expect(pool.take(MiB).buffer).toBe(small.buffer);
    // Nothing free within twice 300 KB's MiB: a new buffer.
    const other = pool.take(300_000);
    expect(other.buffer).not.toBe(big.buffer);
    expect(pool.free).toEqual({ count: 1, bytes: 20 * MiB });
  });

  it('keeps no more free bytes than it was told, and takes back only its own buffers, each once', () => {
    const pool = createBodyBufferPool(8 * MiB);
    const taken = [pool.take(4 * MiB), pool.take(4 * MiB), pool.take(4 * MiB)];
    for (const b of taken) pool.giveBack(b);
    // The third goes back to the system at once: its memory shrunk to nothing, its view empty.
    expect(pool.free).toEqual({ count: 2, bytes: 8 * MiB });
    expect(taken.map((b) => [b.length, b.buffer.byteLength])).toEqual([
      [4 * MiB, 4 * MiB],
      [4 * MiB, 4 * MiB],
      [0, 0],
    ]);

    const again = pool.take(4 * MiB);
    pool.giveBack(again);
    pool.giveBack(again);
    expect(pool.free.count).toBe(2);
    pool.giveBack(Buffer.alloc(4 * MiB));
    expect(pool.free.count).toBe(2);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets its free buffers go once no form has taken one for a while, and keeps them while forms come', () => {
    vi.useFakeTimers();
    const pool = createBodyBufferPool(16 * MiB, 10_000);
    const first = pool.take(3 * MiB);
    pool.giveBack(first);
    // A form every few seconds: the buffer stays and is used again.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(6_000);
      const again = pool.take(3 * MiB);
      expect(again.buffer).toBe(first.buffer);
      pool.giveBack(again);
    }
    vi.advanceTimersByTime(9_000);
    expect(pool.free.count).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(pool.free).toEqual({ count: 0, bytes: 0 });
    // Its memory went back to the system with it.
    expect(first.buffer.byteLength).toBe(0);
    expect(pool.take(3 * MiB).buffer).not.toBe(first.buffer);
    // A buffer given back after the trim is kept, and let go in its turn.
    const later = pool.take(3 * MiB);
    pool.giveBack(later);
    expect(pool.free.count).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(pool.free.count).toBe(0);
  });
});
