import fs from 'node:fs';
import { E2E_CLOCK_FILE } from './env.ts';

/** Moves the server's clock to `to` (from now on, it runs on from there); `null` puts it back. */
export function setServerClock(to: Date | string | null): void {
  if (to === null) fs.rmSync(E2E_CLOCK_FILE, { force: true });
  else fs.writeFileSync(E2E_CLOCK_FILE, String(new Date(to).getTime() - Date.now()));
}
