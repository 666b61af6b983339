import type { Db } from '../db/db.ts';
import { bumpContentVersion, readContentVersion } from './content-version.repository.ts';

/**
 * The shared counter of public content, read at most once per turn of the event loop however many
 * requests ask. A request only ever joins a read that starts after it arrived, so a change committed
 * by any process before a request comes in is always seen by that request: the next request after an
 * admin's write gets fresh pages, with no timer or message between processes.
 */
export class ContentVersion {
  #queued: Promise<number> | null = null;

  constructor(private readonly db: Db) {}

  current(): Promise<number> {
    this.#queued ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.#queued = null;
      return readContentVersion(this.db);
    });
    return this.#queued;
  }
}

/**
 * Makes a change to what public pages show: the write and the move of the shared content version
 * commit together, so no process can serve a page made before a change it could already read.
 */
export function changeContent<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    await bumpContentVersion(trx);
    return result;
  });
}
