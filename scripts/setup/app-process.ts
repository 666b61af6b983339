/**
 * The app as setup runs it, for setup and upgrade alike: under systemd (orbit-college@PORT) or, without
 * systemd, as a detached process of the service user with its pid and log in the run folder. Its
 * environment is the environment file's, nothing from the shell that started it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseEnvFile } from './files.ts';
import { SetupError, mustRun, pidAlive, run, startDetached, stopPid } from './system.ts';

export interface AppService {
  systemd: boolean;
  port: number;
  user: string;
  /** Pid file and log of the process started without systemd. */
  runDir: string;
}

export const serviceName = (port: number): string => `orbit-college@${port}`;
export const appPidFile = (s: AppService): string => path.join(s.runDir, 'app.pid');
export const appLogFile = (s: AppService): string => path.join(s.runDir, 'app.log');

/** The command that runs the server as the service user (what the unit's ExecStart runs). */
export function appCommand(user: string): string[] {
  return ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', process.execPath, 'server/start.mjs'];
}

/** The app's environment as systemd gives it: the file's variables, nothing from this shell. */
export function appEnvironment(envText: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    ...parseEnvFile(envText),
    PORT: String(port),
  };
}

export function appRunning(s: AppService): boolean {
  if (s.systemd) return run('systemctl', ['is-active', serviceName(s.port)]).stdout.trim() === 'active';
  return pidAlive(appPidFile(s)) !== undefined;
}

export async function startApp(s: AppService, appDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  if (s.systemd) {
    mustRun('systemctl', ['start', serviceName(s.port)]);
    return;
  }
  const command = appCommand(s.user);
  fs.mkdirSync(s.runDir, { recursive: true });
  const pid = startDetached(command[0]!, command.slice(1), { cwd: appDir, env, logFile: appLogFile(s) });
  fs.writeFileSync(appPidFile(s), `${pid}\n`);
}

export async function stopApp(s: AppService): Promise<void> {
  if (s.systemd) {
    mustRun('systemctl', ['stop', serviceName(s.port)]);
    return;
  }
  const pid = pidAlive(appPidFile(s));
  if (pid !== undefined) await stopPid(pid);
}

/** Why the app is not running any more, or undefined while it runs (or may still be starting). */
export function appGone(s: AppService): string | undefined {
  if (s.systemd) {
    const state = run('systemctl', ['is-active', serviceName(s.port)]).stdout.trim();
    return state === 'failed' ? `${serviceName(s.port)} failed` : undefined;
  }
  return pidAlive(appPidFile(s)) === undefined ? 'the app process exited' : undefined;
}

/** The last lines the app wrote: its log file, or the journal under systemd. */
export function appLogTail(s: AppService, lines = 25): string {
  if (s.systemd)
    return run('journalctl', ['-u', serviceName(s.port), '-n', String(lines), '--no-pager', '-o', 'cat']).stdout;
  return run('tail', ['-n', String(lines), appLogFile(s)]).stdout;
}

function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 5_000 }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/**
 * Waits until http://127.0.0.1:PORT/api/health answers 200 (with `release` when given: the commit the
 * new folder holds), failing early when the app stops.
 */
export async function waitForAppHealth(s: AppService, o: { release?: string | null; seconds: number }): Promise<void> {
  let last = 'no answer';
  for (let i = 0; i < o.seconds * 4; i++) {
    try {
      const { status, body } = await getJson(`http://127.0.0.1:${s.port}/api/health`);
      const release = (body as { release?: string | null }).release ?? null;
      if (status === 200 && (o.release === undefined || release === o.release)) return;
      last = status === 200 ? `the release answering is ${release ?? 'unknown'}` : `HTTP ${status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    // Checked after the request: a process that exited right after answering is caught next round.
    const gone = appGone(s);
    if (gone) throw new SetupError(`${gone} before /api/health answered (last: ${last}).`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new SetupError(`http://127.0.0.1:${s.port}/api/health did not answer within ${o.seconds} s (last: ${last}).`);
}
