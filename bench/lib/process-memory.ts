import fs from 'node:fs';

/**
 * The process listening on a local TCP port (Linux /proc): the bench starts the server through
 * scripts/support/local-server.ts, which does not hand out its process id.
 */
export function pidListeningOn(port: number): number {
  const LISTEN = '0A';
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode] = line.trim().split(/\s+/u);
      if (state === LISTEN && Number.parseInt(local.split(':')[1] ?? '', 16) === port && inode) inodes.add(inode);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/u.test(name))) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/u.exec(target)?.[1] ?? '')) return Number(pid);
      } catch {
        // the descriptor closed while we looked
      }
    }
  }
  throw new Error(`No process found listening on port ${port} (this measurement needs Linux /proc).`);
}

/** Resident memory of a process in MB (VmRSS), as `ps` and `top` show it. */
export function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/mu.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`No VmRSS for process ${pid}`);
  return Math.round(Number(kb) / 1024);
}

/** The process ids of a process's children (Linux /proc: each thread's `children` file). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) found.push(...text.split(/\s+/u).map(Number));
    } catch {
      // the thread ended while we looked
    }
  }
  return found;
}

/** A figure of a process and all its descendants together (a child that ends meanwhile counts 0). */
function treeSum(pid: number, measure: (pid: number) => number): number {
  let total = measure(pid);
  for (const child of childrenOf(pid)) {
    try {
      total += treeSum(child, measure);
    } catch {
      // the child ended while we looked
    }
  }
  return total;
}

/** Resident memory of a process and all its descendants together, in MB. */
export const treeRssMb = (pid: number): number => treeSum(pid, rssMb);

/**
 * Proportional memory of a process in MB (Pss, /proc/PID/smaps_rollup): its private pages, and each page it shares
 * (the node binary's and libraries' pages that every node process on the machine maps) divided among the processes
 * sharing it. RSS counts a shared page in full in each process, so a sum of RSS counts it more than once.
 */
export function pssMb(pid: number): number {
  const kb = /^Pss:\s+(\d+) kB$/mu.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
  if (!kb) throw new Error(`No Pss for process ${pid}`);
  return Math.round(Number(kb) / 1024);
}

/** Proportional memory of a process and all its descendants together, in MB. */
export const treePssMb = (pid: number): number => treeSum(pid, pssMb);

/**
 * Samples a process's RSS (with its children's, when asked) every `everyMs` until stopped; returns the highest
 * value seen. `measure` samples another figure instead (treePssMb).
 */
export function watchPeak(
  pid: number,
  everyMs = 500,
  { withChildren = false, measure }: { withChildren?: boolean; measure?: (pid: number) => number } = {},
): { stop: () => number } {
  const sample = () => (measure ?? (withChildren ? treeRssMb : rssMb))(pid);
  let peak = sample();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, sample());
    } catch {
      clearInterval(timer); // the process ended; the run that follows reports it
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, sample());
    },
  };
}
