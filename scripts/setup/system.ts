/**
 * The side effects of `npm run setup`, each a small function: commands run with their output shown on
 * failure, processes started without systemd (pid files), and the HTTPS health check.
 */
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import https from 'node:https';

export class SetupError extends Error {
  override name = 'OpsError';
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(command: string, args: string[], options: SpawnSyncOptions = {}): Ran {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT')
    return { status: 127, stdout: '', stderr: `${command}: not found` };
  return { status: result.status, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

/** Runs a command that must succeed; its output goes to the terminal as it runs. */
export function mustRun(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0)
    throw new SetupError(`\`${[command, ...args].join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
}

/** The process names listening on a TCP port, from `ss` (iproute2, on every Debian and Ubuntu). */
export function listeners(port: number): string[] {
  const out = run('ss', ['-Hltnp', `sport = :${port}`]);
  if (out.status !== 0) throw new SetupError(`Could not list the listening ports with ss: ${out.stderr.trim()}`);
  const names = [...out.stdout.matchAll(/\(\("([^"]+)"/gu)].map((m) => m[1]!);
  return out.stdout.trim() ? (names.length ? [...new Set(names)] : ['an unknown process']) : [];
}

export function pidAlive(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Sends SIGTERM and waits up to `seconds` for the process to go. */
export async function stopPid(pid: number, seconds = 30): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < seconds * 10; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new SetupError(`Process ${pid} did not stop within ${seconds} s.`);
}

/** Starts a detached process whose output goes to `logFile`; returns its pid. */
export function startDetached(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): number {
  const log = openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.unref();
  if (child.pid === undefined) throw new SetupError(`Could not start ${command}.`);
  return child.pid;
}

/**
 * GET https://domain/api/health through the proxy on this machine (port 443), checking the certificate
 * against `ca` (Caddy's internal root) or the system's authorities.
 */
export function httpsStatus(domain: string, pathname: string, ca: Buffer | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: 443,
        servername: domain,
        path: pathname,
        headers: { host: domain },
        ca,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

export async function waitForHttps(
  domain: string,
  caFile: string | undefined,
  seconds: number,
  stillRunning: () => string | undefined,
): Promise<void> {
  let last = 'no answer';
  for (let i = 0; i < seconds * 2; i++) {
    const gone = stillRunning();
    if (gone) throw new SetupError(gone);
    try {
      const ca = caFile && existsSync(caFile) ? readFileSync(caFile) : undefined;
      if (caFile && !ca) throw new Error(`Caddy has not made its internal certificate authority yet (${caFile})`);
      const status = await httpsStatus(domain, '/api/health', ca);
      if (status === 200) return;
      last = `HTTP ${status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new SetupError(`https://${domain}/api/health did not answer 200 within ${seconds} s (last: ${last}).`);
}
