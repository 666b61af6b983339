/**
 * Real server processes for the operations and scale tests: `node server/start.mjs` (as `npm start`) on a
 * free loopback port, as production runs it, with an environment the test states in full.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_EMAIL = 'ops-admin@orbit.test';
export const ADMIN_PASSWORD = 'an-ops-test-password';

/** Variables a test must set on purpose; never inherited from the shell that runs the tests. */
const NOT_INHERITED =
  /^(DATABASE_URL|S3_.*|PUBLIC_ASSET_BASE_URL|DATA_DIR|PORT|HOST|SITE_URL|ADMIN_.*|SEED_DEMO|NODE_ENV|LOG_LEVEL|SHUTDOWN_TIMEOUT_SECONDS|TRUST_PROXY|LOGIN_.*)$/u;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** What the process printed so far (the last 200 kB). */
  output: () => string;
  /** Sends a signal (SIGTERM by default) and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Starts a server and waits until /api/health answers 200. */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !NOT_INHERITED.test(k)));
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: PROJECT_ROOT,
    env: {
      ...inherited,
      // No NODE_ENV, as `npm start` runs (the server defaults it): a test that wants it states it in `env`.
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    exited,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`The server on port ${port} did not become ready${gone ? ' (it exited)' : ''}:\n${output}`);
}

/** What the browser sends with a state-changing request from the server's own pages. */
export const sameOrigin = (server: ServerProcess): Record<string, string> => ({ origin: server.url });

/** Signs in through POST /api/auth/login and returns the `cookie` header for later requests. */
export async function signIn(server: ServerProcess, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { ...sameOrigin(server), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Sign-in failed on ${server.url}: ${res.status} ${await res.text()}`);
  const session = res.headers.getSetCookie().find((c) => c.startsWith('orbit_session='));
  if (!session) throw new Error('Sign-in set no orbit_session cookie');
  return session.split(';')[0]!;
}

/** A multipart/form-data body with one `file` part, as the admin upload form sends it. */
export function imageForm(image: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

export async function uploadImage(
  server: ServerProcess,
  cookie: string,
  folder: string,
  image: Buffer,
): Promise<Response> {
  return fetch(`${server.url}/api/admin/images/${folder}`, {
    method: 'POST',
    headers: { ...sameOrigin(server), cookie },
    body: imageForm(image),
  });
}

export async function getJson<T>(server: ServerProcess, url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${server.url}${url}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} on ${server.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
