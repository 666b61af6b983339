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

/** How long a worker that has answered may take to end by itself before it is stopped. */
const EXIT_GRACE_MS = 10_000;

/**
 * Runs one of the backups' worker scripts (plain JavaScript, so that it loads the same way under the
 * server, the scripts and the tests) with `data`, and answers what it posts: `{ result }`, or
 * `{ error }`, thrown as a WorkerError keeping its code. The work (compression, SQLite's checks) then
 * takes CPU from another thread than the one answering pages.
 *
 * The answer is given only once the worker has ended by itself: a file it opened is closed on its own
 * thread after the answer is posted (an archive cut by a full disk), and a worker stopped before that
 * would leave the file open for the life of the process, its room on the disk kept after the file is
 * removed. A worker still running EXIT_GRACE_MS after its answer is stopped.
 */
export function runWorker<T>(url: URL, data: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: data });
    let answer: Answer<T> | undefined;
    let failure: Error | undefined;
    let grace: NodeJS.Timeout | undefined;
    const stopLater = () => {
      grace ??= setTimeout(() => void worker.terminate(), EXIT_GRACE_MS);
      grace.unref();
    };
    worker.on('message', (posted: Answer<T>) => {
      answer ??= posted;
      stopLater();
    });
    worker.on('error', (err) => {
      failure ??= err;
      stopLater();
    });
    worker.on('exit', (code) => {
      if (grace) clearTimeout(grace);
      if (answer && 'result' in answer) resolve(answer.result);
      else if (answer) reject(new WorkerError(answer.error.message, answer.error.code, answer.error.path));
      else reject(failure ?? new Error(`${what} stopped without an answer (exit code ${code}).`));
    });
  });
}
