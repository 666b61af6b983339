import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from './server-process.ts';

export interface FailedStart {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables a test states itself; never taken from the shell that runs the tests. */
const NOT_INHERITED =
  /^(DATABASE_URL|S3_.*|PUBLIC_ASSET_BASE_URL|DATA_DIR|PORT|HOST|SITE_URL|ADMIN_.*|SEED_DEMO|LOG_LEVEL)$/u;

/**
 * Runs `node server/start.mjs` as `npm start` does (after `wrapper`, a command that runs it,
 * such as setpriv), for a start that is expected to stop on its own, and returns what it printed on each stream. Killed after `timeoutMs` (a start that went on
 * to serve is a failure of the test, reported with its output).
 */
export function startExpectingExit(
  env: Record<string, string>,
  { wrapper = [], timeoutMs = 60_000 }: { wrapper?: string[]; timeoutMs?: number } = {},
): Promise<FailedStart> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !NOT_INHERITED.test(k)));
  const command = [...wrapper, process.execPath, 'server/start.mjs'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: PROJECT_ROOT,
    env: { ...inherited, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
