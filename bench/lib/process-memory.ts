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

/** Samples a process's RSS every `everyMs` until stopped; returns the highest value seen. */
export function watchPeak(pid: number, everyMs = 500): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      clearInterval(timer); // the process ended; the run that follows reports it
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}
