import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * This machine's run of the kernel and its host name, as 8 hex characters: two processes with the same tag
 * share a boot and (containers get their own host names) a process-id space, so one can ask whether the
 * other still runs. A process id alone is not enough: after a reboot, or in another container sharing the
 * data folder, the same number is another process.
 */
function machineTag(): string {
  let boot = '';
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // Not Linux: the host name alone, and the process id check below still holds on one machine.
  }
  return createHash('sha256').update(`${boot}\n${os.hostname()}`).digest('hex').slice(0, 8);
}

export const MACHINE_TAG = machineTag();

const OWNED_BATCH = /^p(\d{1,10})-([0-9a-f]{8})-/u;

/** A staging batch name that says which process staged it: `p<pid>-<machine tag>-<uuid>`. */
export const newBatchName = (): string => `p${process.pid}-${MACHINE_TAG}-${randomUUID()}`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

export interface OwnerCheck {
  machineTag?: string;
  running?: (pid: number) => boolean;
}

/**
 * Whether the process that staged `batch` is known to have ended: it ran on this machine in this boot and
 * no process has its id any more. Batches of other machines, of this process, of a process whose id is in
 * use again, and names of an older form are not known to be abandoned: the age-based sweep handles them.
 */
export function batchOwnerGone(batch: string, { machineTag = MACHINE_TAG, running = isRunning }: OwnerCheck = {}) {
  const match = OWNED_BATCH.exec(batch);
  if (!match || match[2] !== machineTag) return false;
  const pid = Number(match[1]);
  return pid !== process.pid && !running(pid);
}
