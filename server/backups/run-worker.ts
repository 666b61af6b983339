import { Worker } from 'node:worker_threads';

type Answer<T> = { result: T } | { error: { code?: string; path?: string; message: string } };

/** An error thrown in a backup worker, with the code (ENOENT, ENOSPC, SQLITE_CORRUPT, TAR_BAD_ARCHIVE…) it had there. */
export class WorkerError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly path: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Runs one of the backups' worker scripts (plain JavaScript, so that it loads the same way under the
 * server, the scripts and the tests) with `data`, and answers what it posts: `{ result }`, or
 * `{ error }`, thrown as a WorkerError keeping its code. The work (compression, SQLite's checks) then
 * takes CPU from another thread than the one answering pages.
 */
export function runWorker<T>(url: URL, data: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: data });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      fn();
    };
    worker.on('message', (answer: Answer<T>) =>
      settle(() => {
        if ('result' in answer) resolve(answer.result);
        else reject(new WorkerError(answer.error.message, answer.error.code, answer.error.path));
      }),
    );
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`${what} stopped without an answer (exit code ${code}).`))),
    );
  });
}
