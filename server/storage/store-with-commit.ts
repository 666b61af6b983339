import { newBatchName } from './batch-owner.ts';
import type { FastifyBaseLogger } from 'fastify';
import { outOfSpaceChecked } from './out-of-space.ts';
import type { Storage } from './storage.ts';

export interface NewFile {
  key: string;
  body: Buffer;
  contentType: string;
}

export interface CommitSteps<T> {
  /** Records what refers to the files (one database transaction). Its success is the moment they count as saved. */
  commit: () => Promise<T>;
  /** Undoes `commit`, for when the files could not be moved into place after it. */
  revert: (committed: T) => Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'error'>;

async function settle(work: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Stores files that a database row refers to, so that they appear at their keys only once the row is
 * committed:
 *   1. every file is staged, under a name no reader can reach;
 *   2. `commit` records the row: the commit point;
 *   3. the staged files are published to their keys.
 * A failure in 1 or 2 removes what was staged and rethrows, so nothing is saved and nothing is left. A
 * failure in 3 reverts the row, removes what was published, and rethrows. A crash leaves staged files
 * only: the sweep removes them after an hour (on the next start at once, as their process has ended), or publishes them when their row was committed
 * (server/storage/storage-sweep.ts). Keys must be new ones that no other row refers to (an id or a
 * content hash in the key), since undoing an upload deletes them.
 */
export async function storeWithCommit<T>(
  storage: Storage,
  files: readonly NewFile[],
  { commit, revert }: CommitSteps<T>,
  log: Log,
): Promise<T> {
  const batch = newBatchName();
  let keepStaged = false;
  try {
    await settle(files.map((f) => storage.stage(batch, f.key, f.body, f.contentType)));
    const committed = await outOfSpaceChecked(commit);
    try {
      await settle(files.map((f) => storage.publish(batch, f.key)));
    } catch (err) {
      try {
        await revert(committed);
      } catch (revertErr) {
        // The row stays, so its staged files must stay too: the sweep publishes them.
        keepStaged = true;
        log.error(
          { err: revertErr, batch },
          'an upload was saved but its files are still staged; the sweep will publish them',
        );
        throw err;
      }
      await removeQuietly(storage, files, log);
      throw err;
    }
    return committed;
  } finally {
    if (!keepStaged) {
      await storage.discard(batch).catch((err: unknown) => log.error({ err, batch }, 'could not remove staged files'));
    }
  }
}

/**
 * Stores the input of a background queue (a photo's original, an applicant's documents as received): files that
 * no page serves, reached only through their row. They are written to their keys first and the row committed
 * after, so a worker that claims the row the moment it commits (one may be draining the queue just then) always
 * finds them; with `storeWithCommit` it could read the row between the commit and the publish and find nothing.
 * A failure to write, or of `commit`, removes what was written and rethrows. A crash between the two leaves
 * files that no row refers to, which the sweep removes after its grace period (server/storage/storage-sweep.ts).
 */
export async function storeBeforeCommit<T>(
  storage: Storage,
  files: readonly NewFile[],
  commit: () => Promise<T>,
  log: Log,
): Promise<T> {
  try {
    await settle(files.map((f) => storage.put(f.key, f.body, f.contentType)));
    return await outOfSpaceChecked(commit);
  } catch (err) {
    await removeQuietly(storage, files, log);
    throw err;
  }
}

async function removeQuietly(storage: Storage, files: readonly NewFile[], log: Log): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => storage.delete(f.key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected') log.error({ err: r.reason, key: files[i]!.key }, 'could not remove a published file');
  });
}
