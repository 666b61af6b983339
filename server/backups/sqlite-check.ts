import SQLite from 'better-sqlite3';
import { WorkerError, runWorker } from './run-worker.ts';

const WORKER_URL = new URL('./sqlite-check.worker.mjs', import.meta.url);

export type SqliteCheck = 'quick_check' | 'integrity_check';

/**
 * SQLite's `check` of `file` in a worker thread of the lowest priority, so the server keeps answering
 * pages meanwhile: 'ok', or the damage SQLite lists. An error opening or reading the file
 * (SQLITE_CORRUPT, SQLITE_NOTADB) is thrown with SQLite's code and words, as the driver throws it.
 */
export async function sqliteCheck(file: string, check: SqliteCheck, { readonly = false } = {}): Promise<string> {
  try {
    return await runWorker<string>(WORKER_URL, { file, pragma: check, readonly }, `The ${check} of ${file}`);
  } catch (err) {
    if (err instanceof WorkerError && err.code) throw new SQLite.SqliteError(err.message, err.code);
    throw err;
  }
}
