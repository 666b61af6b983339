/**
 * At most `max` pieces of work at once; the rest wait their turn in the order they came. For work that
 * costs a core and much memory each (decoding a phone photo, drawing a PDF's page): a rush of uploads
 * queues instead of decoding fifty at once, so memory stays bounded and the pages keep answering.
 */
export function createWorkLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`A work limit needs a whole number of at least 1, not ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < max) running += 1;
      else await new Promise<void>((start) => waiting.push(start));
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Work running and waiting now. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
export type WorkLimit = ReturnType<typeof createWorkLimit>;
