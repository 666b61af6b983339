import fs from 'node:fs';
import type { Clock } from './clock.ts';

/**
 * A clock for end-to-end tests, which run the built server in a process of its own: the time now, moved
 * by the number of milliseconds written in `file` (nothing or no file: not moved). A test writes the file
 * to move the server's clock without waiting; the server reads it on every call. Set only by the test
 * harness (TEST_CLOCK_FILE); a real site never sets it.
 */
export function fileOffsetClock(file: string): Clock {
  return {
    now() {
      let offset = 0;
      try {
        offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      return new Date(Date.now() + offset);
    },
  };
}
