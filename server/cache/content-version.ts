import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import {
  bumpContentVersion,
  readContentVersion,
  rollScheduledChange,
  setNextChangeAt,
} from './content-version.repository.ts';

/**
 * Public pages that change by themselves at a known time (a scheduled notice is published, a pin ends):
 * `nextChangeAt` answers, from the database, the first such time after `now` (ISO), or null.
 */
export interface ScheduledChanges {
  clock: Clock;
  nextChangeAt: (db: Db, now: Date) => Promise<string | null>;
}

/**
 * The shared counter of public content, read at most once per turn of the event loop however many
 * requests ask. A request only ever joins a read that starts after it arrived, so a change committed
 * by any process before a request comes in is always seen by that request: the next request after an
 * admin's write gets fresh pages, with no timer or message between processes. The counter also moves
 * forward on the first read after a scheduled change's time, so no job is needed for those either.
 */
export class ContentVersion {
  #queued: Promise<number> | null = null;
  #ofRequest = new WeakMap<object, Promise<number>>();

  constructor(
    private readonly db: Db,
    private readonly scheduled?: ScheduledChanges,
  ) {}

  current(): Promise<number> {
    this.#queued ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      this.#queued = null;
      const { version, nextChangeAt } = await readContentVersion(this.db);
      if (!this.scheduled || nextChangeAt === null) return version;
      const now = this.scheduled.clock.now();
      if (nextChangeAt > now.toISOString()) return version;
      const { nextChangeAt: find } = this.scheduled;
      return rollScheduledChange(this.db, nextChangeAt, now.toISOString(), (trx) => find(trx, now));
    });
    return this.#queued;
  }

  /**
   * The version for one request: read once, by whichever of its hooks asks first (so after it arrived), and the
   * same answer to the others. Each hook that asked `current()` apart waited for a read of its own, a turn of the
   * event loop each: three before a page came from the render cache, and on a busy turn (the deadline evening's
   * posts) each turn is milliseconds.
   */
  forRequest(request: object): Promise<number> {
    let version = this.#ofRequest.get(request);
    if (!version) {
      version = this.current();
      this.#ofRequest.set(request, version);
    }
    return version;
  }
}

/**
 * Makes a change to what public pages show, at `at` (the caller's clock): the write and the move of the shared
 * content version commit together, so no process can serve a page made before a change it could already read.
 */
export function changeContent<T>(db: Db, at: Date, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await bumpContentVersion(trx, at.toISOString());
    return result;
  });
}

/**
 * Within a content change, when public pages next change by themselves (a scheduled notice appearing, a pin
 * ending), so the render cache knows when its pages go stale; null when nothing is scheduled.
 */
export const scheduleNextChange = (trx: Db, at: string | null): Promise<void> => setNextChangeAt(trx, at);

/** The earliest of some scheduled times (ISO instants), or null when none is scheduled. */
export const earliest = (...times: (string | null)[]): string | null =>
  times.filter((t): t is string => t !== null).sort()[0] ?? null;
