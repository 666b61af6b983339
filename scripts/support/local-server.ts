import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LocalServer {
  url: string;
  port: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** Everything the server wrote to stdout and stderr so far. */
  log: () => string;
  stop: () => Promise<void>;
}

export interface LocalServerOptions {
  port: number;
  /** A DATA_DIR to reuse; by default a fresh one in the temporary folder, deleted at stop. */
  dataDir?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health. */
  startTimeoutMs?: number;
}

/**
 * The built server (`node server/start.mjs`, as `npm start`, NODE_ENV=production) on 127.0.0.1 only, with
 * its own data folder and a throwaway admin account: what `npm run bench` and `npm run security` measure.
 * BENCH_SERVER_NODE_ARGS adds Node options to the server alone (space-separated), e.g. to profile it:
 * `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench -- admissions`.
 */
export async function startLocalServer({
  port,
  dataDir,
  env = {},
  startTimeoutMs = 120_000,
}: LocalServerOptions): Promise<LocalServer> {
  const ownDataDir = !dataDir;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-local-'));
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = 'measure@orbit.test';
  // The first start of a data folder makes its admin: a later start of the same folder must be given the same password.
  const adminPassword = env.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
  let output = '';
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: dir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with code ${child.exitCode} while starting:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${url}/api/health within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, dataDir: dir, adminEmail, adminPassword, log: () => output, stop };
}

/** Signs in through the API and returns the `orbit_session=...` cookie pair. */
export async function signIn(server: LocalServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('orbit_session='));
  if (!res.ok || !cookie) throw new Error(`Signing in failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Stops the server on Ctrl-C or a CI timeout too, so no process is left behind. */
export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(130));
    });
  }
}
