import fs from 'node:fs';
import { INQUIRY_FORM_TIMING } from '#common/inquiry.ts';
import { E2E_CLOCK_FILE } from './env.ts';

/** Moves the server's clock to `to` (from now on, it runs on from there); `null` puts it back. */
export function setServerClock(to: Date | string | null): void {
  if (to === null) fs.rmSync(E2E_CLOCK_FILE, { force: true });
  else fs.writeFileSync(E2E_CLOCK_FILE, String(new Date(to).getTime() - Date.now()));
}

function serverClockOffset(): number {
  try {
    return Number(fs.readFileSync(E2E_CLOCK_FILE, 'utf8').trim()) || 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/**
 * Sends a public form (contact, application) as a person who took their time: the server refuses a form posted
 * sooner than INQUIRY_FORM_TIMING.minSeconds after it was served, so its clock is moved on by that much for the
 * post (`send` clicks and waits for the answer), instead of the test waiting, then put back where it was.
 */
export async function sendAfterFillingTime<T>(send: () => Promise<T>): Promise<T> {
  const before = serverClockOffset();
  fs.writeFileSync(E2E_CLOCK_FILE, String(before + (INQUIRY_FORM_TIMING.minSeconds + 1) * 1000));
  try {
    return await send();
  } finally {
    if (before === 0) fs.rmSync(E2E_CLOCK_FILE, { force: true });
    else fs.writeFileSync(E2E_CLOCK_FILE, String(before));
  }
}
