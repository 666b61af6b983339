/**
 * Buffers for the bodies of large posted forms (an application's photo and documents), used again from one form
 * to the next. A new buffer of megabytes costs twice what its bytes cost: the system maps fresh pages as they are
 * first written (in a rush of 300 applications, about 2 ms of the server's one thread a post went on copying
 * bodies into new buffers, against a tenth of that into a used one), and V8 counts every new buffer towards its
 * next full collection (docs/performance.md). A buffer comes back only when its form's owner says it is done with
 * every byte of it (`giveBack`); one never given back is simply collected.
 *
 * A buffer the pool lets go (it has enough free ones, or no form came for a while) gives its memory back to the
 * system at once: it is a resizable ArrayBuffer shrunk to nothing, where a plain one would wait for a full
 * collection, which an idle server may not run for many seconds (after a rush, while its documents are drawn and
 * the photo process needs the memory). A view of a buffer let go reads as empty, never another form's bytes.
 */

/** Bodies smaller than this get a buffer of their own: reusing saves nothing worth the care. */
export const REUSED_FROM_BYTES = 256 * 1024;
/** Buffers are made in whole MiB, so a body finds a free buffer of the next size or two up. */
const STEP = 1024 * 1024;

export interface BodyBufferPool {
  /** A buffer of exactly `length` bytes (its contents undefined): a free one's start, or a new one. */
  take(length: number): Buffer;
  /** Hands a taken buffer back: nothing may read or write it afterwards. */
  giveBack(buffer: Buffer): void;
  /** Free buffers and their bytes (for tests). */
  readonly free: { count: number; bytes: number };
}

/**
 * A pool that keeps at most `keepBytes` of free buffers (the rest go back to the system), and none once no form has
 * taken one for `idleMs`: the memory it holds is a rush's, not the quiet hours' (the documents of a rush are drawn
 * after it, when the photo process needs the memory). In a rush forms come many a second; 3 s without one and it
 * is over (with 10 s, the bench's server held its rush's buffers 7 s longer into the drawing). A body takes the
 * smallest free buffer that holds it, and none more than twice its size (a small form never pins a large buffer).
 */
export function createBodyBufferPool(keepBytes: number, idleMs = 3_000): BodyBufferPool {
  const free: ArrayBuffer[] = [];
  let freeBytes = 0;
  let lastTaken = 0;
  let trimmer: NodeJS.Timeout | undefined;
  const trimWhenIdle = () => {
    const idle = Date.now() - lastTaken;
    if (idle < idleMs) {
      trimmer = setTimeout(trimWhenIdle, idleMs - idle).unref();
      return;
    }
    for (const whole of free) whole.resize(0);
    free.length = 0;
    freeBytes = 0;
    trimmer = undefined;
  };
  // The buffers this pool handed out, so that only they (and each once) come back.
  const out = new WeakSet<ArrayBuffer>();
  return {
    take(length) {
      lastTaken = Date.now();
      let best = -1;
      for (let i = 0; i < free.length; i++) {
        const size = free[i]!.byteLength;
        if (size >= length && size <= 2 * Math.max(length, STEP) && (best < 0 || size < free[best]!.byteLength))
          best = i;
      }
      const made = Math.ceil(length / STEP) * STEP;
      const whole = best >= 0 ? free.splice(best, 1)[0]! : new ArrayBuffer(made, { maxByteLength: made });
      if (best >= 0) freeBytes -= whole.byteLength;
      out.add(whole);
      return Buffer.from(whole, 0, length);
    },
    giveBack(buffer) {
      const whole = buffer.buffer as ArrayBuffer;
      if (!out.delete(whole)) return;
      if (freeBytes + whole.byteLength > keepBytes) {
        whole.resize(0);
        return;
      }
      free.push(whole);
      freeBytes += whole.byteLength;
      trimmer ??= setTimeout(trimWhenIdle, idleMs).unref();
    },
    get free() {
      return { count: free.length, bytes: freeBytes };
    },
  };
}
