import { describe, expect, it } from 'vitest';
import { createMemoryWindows } from './memory-window.ts';

describe('memory windows', () => {
  it('counts per key within the window and starts again after it', () => {
    const w = createMemoryWindows({ windowMs: 1000, maxKeys: 10 });
    expect(w.hit('a', 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(w.hit('a', 500).count).toBe(2);
    expect(w.hit('b', 500).count).toBe(1);
    expect(w.peek('a', 999)).toEqual({ count: 2, resetAt: 1000 });
    expect(w.peek('a', 1000).count).toBe(0);
    expect(w.hit('a', 1000)).toEqual({ count: 1, resetAt: 2000 });
  });

  it('holds at most maxKeys, dropping expired windows first, then the oldest', () => {
    const w = createMemoryWindows({ windowMs: 1000, maxKeys: 3 });
    w.hit('old', 0);
    w.hit('a', 600);
    w.hit('b', 700);
    w.hit('c', 1100); // 'old' expired: it goes
    expect(w.size).toBe(3);
    expect(w.peek('a', 1100).count).toBe(1);
    w.hit('d', 1200); // none expired: the oldest ('a') goes
    expect(w.size).toBe(3);
    expect(w.peek('a', 1200).count).toBe(0);
    expect(w.peek('d', 1200).count).toBe(1);
  });

  it('sweeps expired windows so an idle process holds none', () => {
    const w = createMemoryWindows({ windowMs: 1000, maxKeys: 10 });
    w.hit('a', 0);
    w.hit('b', 500);
    w.sweep(1000);
    expect(w.size).toBe(1);
    w.sweep(1500);
    expect(w.size).toBe(0);
  });
});
