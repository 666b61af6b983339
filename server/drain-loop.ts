import type { FastifyBaseLogger } from 'fastify';

export interface DrainLoopOptions {
  /** Processes one waiting item; false when none was claimable. Must not throw for an item's own failure. */
  processOne: () => Promise<boolean>;
  /** What the log lines name: 'photo queue', 'document queue'. */
  name: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The round of a claim-based queue (the album photos', the applicants' documents'): `drain` processes items until
 * none is claimable, one round at a time; once started, a round runs every interval (items queued by another
 * process, or whose claim expired) and at once when woken after something was queued. A round's failure is
 * logged and the next one runs as planned; the timer never keeps the process alive.
 */
export function createDrainLoop({ processOne, name, log }: DrainLoopOptions) {
  let running: Promise<number> | null = null;
  /** Processes waiting items until none is left; returns how many it processed. One round at a time. */
  function drain(): Promise<number> {
    running ??= (async () => {
      let count = 0;
      while (await processOne()) count++;
      return count;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  let started = false;
  let again = false;
  const tick = () => {
    if (running) {
      again = true; // an item queued during a round is seen by the round's next claim; one more round is cheap
      return;
    }
    void drain()
      .catch((err: unknown) => log.error({ err }, `${name}: a round failed; it runs again`))
      .finally(() => {
        if (again && started) {
          again = false;
          tick();
        }
      });
  };

  return {
    drain,
    /** Starts the rounds: one now, then every `intervalMs`; `stop` waits for the round under way. */
    start(intervalMs: number) {
      started = true;
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
      return {
        async stop() {
          started = false;
          clearInterval(timer);
          await running?.catch(() => undefined);
        },
      };
    },
    /** A round at once, when started: called after an item was queued. */
    wake() {
      if (started) tick();
    },
  };
}
