import type { Clock } from '#server/clock.ts';

export interface JobLoopOptions<T> {
  /** What the log lines name: 'outbox', 'photo queue', 'the backup schedule'. */
  name: string;
  /** One tick: claims what is due and does it. A throw counts as a failed tick. */
  tick: () => Promise<T>;
  /** The wait between ticks while they succeed. */
  intervalMs: number;
  /** When given, a failed tick's log line says since when the job has been failing. */
  clock?: Clock | undefined;
  log: { error: (fields: object, message: string) => void };
  /** The log line of a failed tick; `<name>: a tick failed; it runs again` when unset. */
  failure?: string;
  /** The longest wait after failures in a row (each doubles it from `intervalMs`); never below `intervalMs`. */
  maxBackoffMs?: number;
}

export interface JobLoop<T> {
  /** One tick now, or the one under way joined: never two at once. Rejects when the tick fails. */
  runOnce(): Promise<T>;
  /** Ticks now and then after each wait (`intervalMs` here overrides the option's); `stop` ends the waits and waits for the tick under way. */
  start(intervalMs?: number): { stop(): Promise<void> };
  /** A tick at once when started (something was queued); during a tick, one more right after it. */
  wake(): void;
}

const DEFAULT_MAX_BACKOFF_MS = 15 * 60_000;

/** The wait after `failures` failed ticks in a row: the interval, doubled for each failure past the first, capped. */
export const waitAfter = (intervalMs: number, failures: number, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS): number =>
  failures <= 1 ? intervalMs : Math.max(intervalMs, Math.min(maxBackoffMs, intervalMs * 2 ** (failures - 1)));

/**
 * The one background-job runner (decision 0068): ticks a job now and at each interval, never two ticks at once (a
 * tick due while one runs is passed over; a wake during one runs another right after it). A failed tick is logged
 * with its error and stack, how many ticks in a row failed and, given a clock, since when; after failures in a
 * row the loop waits longer, and back to the interval after a success. Its timer never keeps the process alive.
 */
export function createJobLoop<T>(options: JobLoopOptions<T>): JobLoop<T> {
  const { name, tick, clock, log } = options;
  let intervalMs = options.intervalMs;
  const failure = options.failure ?? `${name}: a tick failed; it runs again`;
  let running: Promise<T> | null = null;
  let failures = 0;
  let failingSince: Date | null = null;
  let started = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  /** Timer ticks still to pass over: the wait after failures in a row, in whole intervals. */
  let skip = 0;

  function runOnce(): Promise<T> {
    running ??= tick().finally(() => {
      running = null;
    });
    return running;
  }

  /** A tick now, unless one is under way: then a woken loop runs one more right after it. */
  function run(woken: boolean): void {
    if (!started) return;
    if (running) {
      if (woken) again = true;
      return;
    }
    const startedAt = clock?.now() ?? null;
    void runOnce()
      .then(
        () => {
          failures = 0;
          failingSince = null;
          skip = 0;
        },
        (err: unknown) => {
          failures += 1;
          failingSince ??= startedAt;
          skip = Math.ceil(waitAfter(intervalMs, failures, options.maxBackoffMs) / intervalMs) - 1;
          const since = failingSince ? { failingSince: failingSince.toISOString() } : {};
          log.error({ err, job: name, failures, ...since }, failure);
        },
      )
      .finally(() => {
        if (!again) return;
        again = false;
        run(true);
      });
  }

  const onTimer = () => {
    if (running) return; // a tick still under way when the next is due: that one is passed over
    if (skip > 0) skip -= 1;
    else run(false);
  };

  return {
    runOnce,
    start(every = options.intervalMs) {
      intervalMs = every;
      started = true;
      if (timer) clearInterval(timer);
      timer = setInterval(onTimer, intervalMs);
      timer.unref();
      run(false);
      return {
        async stop() {
          started = false;
          again = false;
          if (timer) clearInterval(timer);
          timer = null;
          await running?.catch(() => undefined);
        },
      };
    },
    wake() {
      if (started) run(true);
    },
  };
}
