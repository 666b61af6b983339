import fs from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = '.backup.lock';

export interface Held {
  release: () => Promise<void>;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = async (file: string): Promise<number | undefined> => {
  try {
    return Number((await fs.readFile(file, 'utf8')).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

let sequence = 0;

/**
 * Takes the backup folder's lock: a file holding the holder's process id, made by linking a finished
 * file to the lock's name (which fails if the lock exists), so the lock is never seen empty. One backup
 * at a time across every process of the site. A lock whose process is gone (killed during a backup) is
 * taken over. When a live process holds it, answers with that process's id. `name` is the lock file's
 * name: `npm run upgrade` takes its own lock the same way.
 */
export async function takeLock(dir: string, name = LOCK_FILE): Promise<{ held: Held } | { holder: number }> {
  const file = path.join(dir, name);
  const mine = path.join(dir, `${name}.${process.pid}-${++sequence}`);
  await fs.writeFile(mine, String(process.pid));
  try {
    for (let tries = 0; tries < 5; tries++) {
      try {
        await fs.link(mine, file);
        return { held: { release: () => fs.rm(file, { force: true }) } };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = await readHolder(file);
      if (holder === undefined) continue;
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) return { holder };
      // A dead process's lock. Moved aside before removing, so that of two processes taking it over at
      // once, one never removes the lock the other has just made: what was moved is put back if live.
      const aside = `${mine}.stale`;
      try {
        await fs.rename(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const moved = await readHolder(aside);
      if (moved !== holder && moved !== undefined && alive(moved)) {
        await fs.link(aside, file).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'EEXIST') throw err;
        });
      }
      await fs.rm(aside, { force: true });
    }
    return { holder: (await readHolder(file)) ?? 0 };
  } finally {
    await fs.rm(mine, { force: true });
  }
}
