import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const WORKER_URL = new URL('./sqlite-check.worker.mjs', import.meta.url);

export type SqliteCheck = 'quick_check' | 'integrity_check';

type Answer = { result: string } | { error: { code?: string; message: string } };

/**
 * SQLite's `check` of `file` in a worker thread, so the server keeps answering pages meanwhile: 'ok', or
 * the damage SQLite lists. An error opening or reading the file (SQLITE_CORRUPT, SQLITE_NOTADB) is thrown
 * with SQLite's code and words, as the driver throws it.
 */
export function sqliteCheck(file: string, check: SqliteCheck, { readonly = false } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { file, pragma: check, readonly } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      fn();
    };
    worker.on('message', (answer: Answer) =>
      settle(() => {
        if ('result' in answer) resolve(answer.result);
        else if (answer.error.code) reject(new SQLite.SqliteError(answer.error.message, answer.error.code));
        else reject(new Error(answer.error.message));
      }),
    );
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`The ${check} of ${file} stopped without an answer (exit code ${code}).`))),
    );
  });
}
