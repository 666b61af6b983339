/** The backup archive's heavy work (gzip both ways) off the thread that answers pages: archive.worker.mjs. */
import { runWorker } from './run-worker.ts';

const WORKER_URL = new URL('./archive.worker.mjs', import.meta.url);

/** Writes the tar.gz `file` of `entries` (paths relative to `cwd`); errors keep their code (ENOENT, ENOSPC). */
export const createArchive = (file: string, cwd: string, entries: string[]): Promise<null> =>
  runWorker<null>(WORKER_URL, { op: 'create', file, cwd, entries }, `Writing the archive ${file}`);

/**
 * Reads the whole tar.gz `file` (a cut or damaged stream fails), extracting only the entries named in
 * `take` into `cwd`; answers the path and size of every file entry.
 */
export const readArchive = (file: string, cwd: string, take: string[]): Promise<[string, number][]> =>
  runWorker<[string, number][]>(WORKER_URL, { op: 'read', file, cwd, take }, `Reading the archive ${file}`);

/**
 * Unpacks the whole tar.gz `file` into `cwd`: only regular files named in `rootFiles` or under uploads/,
 * and folders under uploads/, come out; answers the paths of the entries refused.
 */
export const unpackInWorker = (file: string, cwd: string, rootFiles: string[]): Promise<string[]> =>
  runWorker<string[]>(WORKER_URL, { op: 'unpack', file, cwd, rootFiles }, `Unpacking the archive ${file}`);
