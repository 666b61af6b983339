import { insufficientStorage } from '#server/errors.ts';

/**
 * What a full disk looks like to each layer that writes: the file system (ENOSPC, or EDQUOT for a quota),
 * SQLite (SQLITE_FULL), PostgreSQL (53100 disk_full) and an object store (HTTP 507, as MinIO answers).
 * The database counts too: SQLite shares DATA_DIR's disk with the uploads, so the row can be what fails.
 */
export function isOutOfSpace(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, name, $metadata } = err as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  return (
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    code === 'SQLITE_FULL' ||
    code === '53100' ||
    name === 'XMinioStorageFull' ||
    $metadata?.httpStatusCode === 507
  );
}

const listeners = new Set<(err: unknown) => void>();

/** `listener` hears of every write refused for want of space (the reserve is released then); answers how to stop. */
export function onOutOfSpace(listener: (err: unknown) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A write failed because the disk is full: the 507 the admin sees, told to the listeners first. */
export function outOfSpace(cause: unknown) {
  for (const listener of listeners) listener(cause);
  return Object.assign(insufficientStorage(), { cause });
}

/** Runs a write; running out of space becomes the 507 the admin sees, any other failure stays what it is. */
export async function outOfSpaceChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // The original error (which file, which device) stays attached for the log.
    if (isOutOfSpace(err)) throw outOfSpace(err);
    throw err;
  }
}
