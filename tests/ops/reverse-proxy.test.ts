/**
 * The example proxy configurations of docs/operations.md (docs/examples/Caddyfile and nginx.conf),
 * run for real on loopback ports with HTTPS in front of a server with TRUST_PROXY=true. Each proxy
 * is skipped, with a message, when it is not installed (.ci/services.sh installs both).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PROJECT_ROOT,
  type ServerProcess,
  freePort,
  startServer,
} from './server-process.ts';

const which = (command: string): string | undefined =>
  ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']
    .map((dir) => path.join(dir, command))
    .find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** HTTPS to the proxy's test certificate (self-signed or Caddy's internal CA): not verified here. */
function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, rejectUnauthorized: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

interface Proxy {
  name: string;
  binary: string | undefined;
  /** Starts the proxy in `dir` in front of `appPort`, listening with HTTPS on `port`. */
  start: (dir: string, port: number, appPort: number) => Promise<ChildProcess>;
}

async function waitForHttps(url: string, child: ChildProcess, log: () => string | Promise<string>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`The proxy exited: ${await log()}`);
    try {
      if ((await request(url)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The proxy did not answer at ${url}: ${await log()}`);
}

function run(
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { child: ChildProcess; log: () => string } {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  return { child, log: () => log };
}

const proxies: Proxy[] = [
  {
    name: 'Caddy (docs/examples/Caddyfile)',
    binary: which('caddy'),
    async start(dir, port, appPort) {
      const example = await fs.readFile(path.join(PROJECT_ROOT, 'docs/examples/Caddyfile'), 'utf8');
      const site = example
        .replace(/^college\.example\.edu\.np \{$/mu, `localhost:${port} {\n\tbind 127.0.0.1`)
        .replace('127.0.0.1:3000 127.0.0.1:3001', `127.0.0.1:${appPort}`);
      // Test-only global options: no admin endpoint, a local CA not installed anywhere, files in `dir`.
      const global = [
        '{',
        '\tadmin off',
        '\tlocal_certs',
        '\tskip_install_trust',
        `\thttp_port ${await freePort()}`,
        `\tstorage file_system ${dir}/data`,
        '\tservers {\n\t\tprotocols h1 h2\n\t}',
        '}',
        '',
      ].join('\n');
      const file = path.join(dir, 'Caddyfile');
      await fs.writeFile(file, global + site);
      const { child, log } = run(this.binary!, ['run', '--adapter', 'caddyfile', '--config', file], {
        ...process.env,
        HOME: dir,
        XDG_DATA_HOME: dir,
        XDG_CONFIG_HOME: dir,
      });
      await waitForHttps(`https://localhost:${port}/api/health`, child, log);
      return child;
    },
  },
  {
    name: 'nginx (docs/examples/nginx.conf)',
    binary: which('nginx'),
    async start(dir, port, appPort) {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const example = await fs.readFile(path.join(PROJECT_ROOT, 'docs/examples/nginx.conf'), 'utf8');
      const site = example
        .replace(/server 127\.0\.0\.1:3000 /u, `server 127.0.0.1:${appPort} `)
        .replace(/^\s*server 127\.0\.0\.1:3001 .*$/mu, '')
        .replace('listen 80;', `listen 127.0.0.1:${await freePort()};`)
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
        .replaceAll('college.example.edu.np', 'localhost')
        .replace(/ssl_certificate\s+\S+;/u, `ssl_certificate ${dir}/cert.pem;`)
        .replace(/ssl_certificate_key\s+\S+;/u, `ssl_certificate_key ${dir}/key.pem;`);
      const temp = path.join(dir, 'temp');
      await fs.mkdir(temp, { mode: 0o777 });
      await fs.chmod(temp, 0o777);
      const main = [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${temp}/${t};`),
        site,
        '}',
      ].join('\n');
      await fs.writeFile(path.join(dir, 'nginx.conf'), main);
      const { child, log } = run(this.binary!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')]);
      await waitForHttps(
        `https://localhost:${port}/api/health`,
        child,
        async () => `${log()}\n${await fs.readFile(`${dir}/error.log`, 'utf8').catch(() => '')}`,
      );
      return child;
    },
  },
];

for (const proxy of proxies) {
  if (!proxy.binary)
    console.warn(`${proxy.name} skipped: not installed (apt-get install ${proxy.name.split(' ')[0]!.toLowerCase()}).`);
}

describe.each(proxies)('behind $name with HTTPS', (proxy) => {
  let dir: string;
  let app: ServerProcess;
  let child: ChildProcess | undefined;
  let base: string;

  beforeAll(async () => {
    if (!proxy.binary) return;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-proxy-'));
    await fs.chmod(dir, 0o755);
    const port = await freePort();
    base = `https://localhost:${port}`;
    app = await startServer({
      DATA_DIR: path.join(dir, 'app'),
      TRUST_PROXY: 'true',
      SITE_URL: base,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES_PER_IP: '2',
    });
    child = await proxy.start(dir, port, app.port);
  });

  afterAll(async () => {
    if (!proxy.binary) return;
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    await app?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.skipIf(!proxy.binary)('signs in over HTTPS with a __Host- cookie that is Secure, and sends HSTS', async () => {
    const res = await request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status, res.body).toBe(200);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('__Host-orbit_session='));
    expect(cookie).toMatch(/; Secure/iu);
    expect(cookie).toMatch(/; HttpOnly/iu);
    expect(res.headers['strict-transport-security']).toContain('max-age=');

    const session = await request(`${base}/api/auth/session`, { headers: { cookie: cookie!.split(';')[0]! } });
    expect(session.status).toBe(200);
  });

  it.skipIf(!proxy.binary)(
    'takes the client address from the proxy, so a forged X-Forwarded-For cannot dodge throttling',
    async () => {
      const fail = (n: number) =>
        request(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n}` },
          body: JSON.stringify({ email: `nobody${n}@orbit.test`, password: 'wrong-password' }),
        });
      expect((await fail(1)).status).toBe(401);
      expect((await fail(2)).status).toBe(401);
      // Two failures from one real address (LOGIN_MAX_FAILURES_PER_IP=2), whatever the header claimed.
      expect((await fail(3)).status).toBe(429);
    },
  );
});
