import type { Storage } from '#server/storage/storage.ts';

/**
 * A stored file as the photo process is handed it: its path when the storage is a folder on this machine (the
 * process reads the file itself), else its bytes. A path keeps a photo's megabytes out of the server's memory:
 * read into the server, copied into the message and copied again on the process's side, the documents of a rush
 * drawn one after another held 40-50 MB more in the server until its next full collection (docs/performance.md).
 */
export type PhotoSource = { file: string } | { bytes: Buffer };

/** The stored file at `key` to be processed, or null when there is none. */
export async function storedSource(storage: Storage, key: string): Promise<PhotoSource | null> {
  if (storage.localFile) {
    const file = await storage.localFile(key);
    return file === null ? null : { file };
  }
  const object = await storage.get(key);
  if (!object) return null;
  return { bytes: Buffer.concat((await object.body.toArray()) as Buffer[]) };
}
