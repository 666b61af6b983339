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

/** Runs a write; running out of space becomes the 507 the admin sees, any other failure stays what it is. */
export async function outOfSpaceChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // The original error (which file, which device) stays attached for the log.
    if (isOutOfSpace(err)) throw Object.assign(insufficientStorage(), { cause: err });
    throw err;
  }
}
