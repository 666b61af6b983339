import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The reserve's file in DATA_DIR: neither an upload nor part of a backup. */
export const BALLAST_FILE = 'space-reserve.ballast';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const CHUNK = 1024 * 1024;

/**
 * A reserve of space on DATA_DIR's disk (BALLAST_MB): a file of zeros made while there is room. When a
 * write fails because the disk is full, the file is deleted, so that an owner can still sign in (a
 * session is a row) and delete photos to free space; it is made again once there is room for it twice
 * over. With 0 there is no reserve.
 */
export function createBallast(dataDir: string, bytes: number, log: Log) {
  const file = path.join(dataDir, BALLAST_FILE);
  let making: Promise<boolean> | undefined;

  const present = (): boolean => {
    try {
      return fs.statSync(file).size >= bytes;
    } catch {
      return false;
    }
  };

  async function make(): Promise<boolean> {
    const { bavail, bsize } = await fsp.statfs(dataDir);
    if (bavail * bsize < 2 * bytes) return false;
    const partial = `${file}.partial`;
    try {
      // Written, not just sized: a file with holes would reserve nothing.
      const handle = await fsp.open(partial, 'w');
      try {
        const zeros = Buffer.alloc(CHUNK);
        for (let at = 0; at < bytes; at += CHUNK) await handle.write(zeros, 0, Math.min(CHUNK, bytes - at));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(partial, file);
      log.info({ file, bytes }, 'the reserve of disk space is in place');
      return true;
    } catch (err) {
      await fsp.rm(partial, { force: true });
      log.error({ err, file }, 'the reserve of disk space could not be made');
      return false;
    }
  }

  return {
    file,
    bytes,
    present,
    /** Makes the reserve when it is missing and the disk has room for it twice over; answers whether it is there. */
    async ensure(): Promise<boolean> {
      if (bytes === 0) return false;
      if (present()) return true;
      making ??= make().finally(() => (making = undefined));
      return making;
    },
    /**
     * Whether the public (an applicant's files) may write `size` more bytes: only while the disk keeps the
     * reserve's size free besides them and besides the reserve itself. The reserve is the office's (a sign-in,
     * a delete); a public form stops short of it, so it never fills the disk nor eats a released reserve.
     */
    async roomFor(size: number): Promise<boolean> {
      try {
        const { bavail, bsize } = await fsp.statfs(dataDir);
        return bavail * bsize - size >= bytes;
      } catch (err) {
        log.error({ err, dataDir }, 'the free space of the disk could not be read');
        return true;
      }
    },
    /** Gives the reserve's space back to the disk at once (the request that found it full answered already). */
    release(): boolean {
      try {
        fs.unlinkSync(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
          log.error({ err, file }, 'the reserve could not be released');
        return false;
      }
      log.warn(
        { file, bytes },
        'the disk is full: its reserve was released so that an owner can sign in and delete files; free some space',
      );
      return true;
    },
  };
}

export type Ballast = ReturnType<typeof createBallast>;
