/**
 * Events counted per key in a fixed window, in this process's memory: no database on the path, for limits
 * that must hold under a crowd (results day). At most `maxKeys` keys are held: when full, expired windows
 * are dropped first, then the oldest window, so memory stays bounded whatever the number of addresses.
 */
export function createMemoryWindows({ windowMs, maxKeys }: { windowMs: number; maxKeys: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function prune(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still full: the oldest window (insertion order) goes.
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next();
      if (oldest.done) break;
      windows.delete(oldest.value);
    }
  }

  return {
    /** The count of `key`'s current window, and when it ends (0 and now when it has none). */
    peek(key: string, now: number): { count: number; resetAt: number } {
      const w = windows.get(key);
      return w && w.resetAt > now ? w : { count: 0, resetAt: now };
    },
    /** Counts one event for `key`: the window's count with this one, and when the window ends. */
    hit(key: string, now: number): { count: number; resetAt: number } {
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (w) windows.delete(key);
        else if (windows.size >= maxKeys) prune(now);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w;
    },
    /** Drops every expired window (the schedule calls it, so an idle process holds none). */
    sweep(now: number): void {
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    },
    get size() {
      return windows.size;
    },
  };
}
export type MemoryWindows = ReturnType<typeof createMemoryWindows>;
