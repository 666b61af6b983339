/**
 * `npm run setup` for real, as root on Debian: Caddy from the distribution's packages on ports 80 and
 * 443, a test domain resolved to 127.0.0.1 in /etc/hosts, Caddy's internal certificate authority
 * (--internal-ca) and the app started without systemd (--no-systemd). Every file setup writes goes
 * under a scratch folder (--prefix); the hosts line, the system user and both processes are removed
 * afterwards, even when a test fails. Skipped, with the reason, where it cannot run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../scripts/setup/files.ts';
import { runScript } from './run-script.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PROJECT_ROOT } from './server-process.ts';

const DOMAIN = 'orbit-setup.test';
const USER = 'orbitsetuptest';
const PORT = 4814;
const HOSTS_MARK = '# orbit setup ops test';

const sh = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });
const portTaken = (port: number) => sh('ss', ['-Hltn', `sport = :${port}`]).stdout.trim() !== '';

/** Why this machine cannot run the test, or undefined. */
function cannotRun(): string | undefined {
  // Setup configures the embedded install (SQLite): the PostgreSQL pass would repeat the same run.
  if (process.env.DATABASE_URL) return 'run once, in the SQLite pass (setup makes an embedded install)';
  if (process.getuid?.() !== 0) return 'not root';
  if (!/^ID(_LIKE)?=.*(debian|ubuntu)/mu.test(fs.readFileSync('/etc/os-release', 'utf8')))
    return 'not Debian or Ubuntu';
  const installed = sh('dpkg-query', ['-W', '-f=${Status}', 'caddy']).stdout.includes('install ok installed');
  if (!installed && !/Candidate: \d/u.test(sh('apt-cache', ['policy', 'caddy']).stdout))
    return 'caddy is neither installed nor installable from this machine’s package lists';
  for (const port of [80, 443, PORT]) if (portTaken(port)) return `port ${port} is already in use`;
  // Setup refuses a folder its service user cannot read (a clone under /root): nothing to test there.
  for (let d = PROJECT_ROOT; d !== path.dirname(d); d = path.dirname(d))
    if ((fs.statSync(d).mode & 0o005) !== 0o005) return `${d} is not readable by other users`;
  return undefined;
}
const skipReason = cannotRun();
if (skipReason) console.warn(`npm run setup ops test skipped: ${skipReason}.`);

let prefix: string;
let caFile: string;
const envFile = () => path.join(prefix, 'etc/orbit-college.env');
const runDir = () => path.join(prefix, 'run/orbit-college');
const setupArgs = () => [
  '--domain',
  DOMAIN,
  '--internal-ca',
  '--no-systemd',
  '--yes',
  '--port',
  String(PORT),
  '--user',
  USER,
  '--prefix',
  prefix,
];
const setup = (extra: string[] = []) => runScript('setup', [...setupArgs(), ...extra], {});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to the domain as a browser sends it, the certificate checked against Caddy's own root. */
function fetchHttps(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const req = https.request(
      `https://${DOMAIN}${pathname}`,
      { method: init.method ?? 'GET', headers: init.headers, ca: fs.readFileSync(caFile) },
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

/** Each file under the prefix with its text and modification time: what "changes nothing" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      // The app's data and Caddy's certificates change as they run; the files setup writes must not.
      if (file.includes('/var/lib/') || file.endsWith('.log')) continue;
      if (entry.isDirectory()) walk(file);
      else out[file] = `${fs.statSync(file).mtimeMs} ${fs.readFileSync(file, 'utf8')}`;
    }
  };
  walk(dir);
  return out;
}

async function stopPidFile(file: string): Promise<void> {
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(pid, 'SIGKILL');
}

describe.skipIf(skipReason !== undefined)('npm run setup, for real, behind Caddy with HTTPS', () => {
  let first: Awaited<ReturnType<typeof setup>>;

  beforeAll(async () => {
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-setup-'));
    fs.rmSync(prefix, { recursive: true });
    caFile = path.join(prefix, 'var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt');
    fs.appendFileSync('/etc/hosts', `127.0.0.1 ${DOMAIN} ${HOSTS_MARK}\n`);
  });

  afterAll(async () => {
    if (prefix) {
      await stopPidFile(path.join(runDir(), 'caddy.pid'));
      await stopPidFile(path.join(runDir(), 'app.pid'));
      fs.rmSync(prefix, { recursive: true, force: true });
    }
    if (sh('getent', ['passwd', USER]).status === 0) sh('userdel', [USER]);
    const hosts = fs.readFileSync('/etc/hosts', 'utf8');
    fs.writeFileSync(
      '/etc/hosts',
      hosts
        .split('\n')
        .filter((l) => !l.endsWith(HOSTS_MARK))
        .join('\n'),
    );
  });

  it('--dry-run prints every file and command and touches nothing', async () => {
    const result = await setup(['--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`--- ${path.join(prefix, 'etc/caddy/Caddyfile')}`);
    expect(result.stdout).toContain('reverse_proxy 127.0.0.1:4814');
    expect(result.stdout).toContain(`SITE_URL=https://${DOMAIN}`);
    expect(result.stdout).toContain(`useradd --system`);
    expect(result.stdout).toContain('nothing was changed');
    expect(fs.existsSync(prefix)).toBe(false);
    expect(sh('getent', ['passwd', USER]).status).not.toBe(0);
    expect(portTaken(443)).toBe(false);
  });

  it('refuses clearly a domain that does not point at this machine, changing nothing', async () => {
    const result = await runScript('setup', [...setupArgs().slice(2), '--domain', 'nowhere.invalid'], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nowhere.invalid does not point at this machine');
    expect(fs.existsSync(prefix)).toBe(false);
  });

  it('sets everything up and answers over HTTPS, keeping a person’s own settings in the environment file', async () => {
    // Settings an administrator added before: setup keeps them (and the test signs in with this account).
    fs.mkdirSync(path.dirname(envFile()), { recursive: true });
    fs.writeFileSync(
      envFile(),
      [
        `ADMIN_EMAIL=${ADMIN_EMAIL}`,
        `ADMIN_PASSWORD=${ADMIN_PASSWORD}`,
        'LOGIN_MAX_FAILURES_PER_IP=2',
        'SEED_DEMO=false',
        'TRUST_PROXY=false',
        '',
      ].join('\n'),
    );
    first = await setup();
    expect(first.code, `${first.stdout}\n${first.stderr}`).toBe(0);
    expect(first.stdout).toContain(`The site is online at https://${DOMAIN}`);
    expect(first.stdout).toContain('An owner account exists already');
    const env = parseEnvFile(fs.readFileSync(envFile(), 'utf8'));
    expect(env).toMatchObject({
      ADMIN_EMAIL,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      HOST: '127.0.0.1',
      SITE_URL: `https://${DOMAIN}`,
    });
    expect(fs.statSync(envFile()).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(prefix, 'var/lib/orbit-college')).uid).toBe(
      Number(sh('id', ['-u', USER]).stdout.trim()),
    );

    const home = await fetchHttps('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/u);
    expect(home.body).toContain('Orbit College');
  });

  it('redirects HTTP to HTTPS', async () => {
    const reply = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: 80, path: '/notices', headers: { host: DOMAIN } }, resolve)
        .on('error', reject),
    );
    reply.resume();
    expect(reply.statusCode).toBe(308);
    expect(reply.headers.location).toBe(`https://${DOMAIN}/notices`);
  });

  it('signs in with a __Host- cookie that is Secure, and sends HSTS', async () => {
    const base = `https://${DOMAIN}`;
    const res = await fetchHttps('/api/auth/login', {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status, res.body).toBe(200);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('__Host-orbit_session='));
    expect(cookie).toMatch(/; Secure/iu);
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('the throttle sees the client’s address through the proxy, whatever X-Forwarded-For claims', async () => {
    const base = `https://${DOMAIN}`;
    const fail = (n: number) =>
      fetchHttps('/api/auth/login', {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${n}` },
        body: JSON.stringify({ email: `nobody${n}@orbit.test`, password: 'wrong-password' }),
      });
    expect((await fail(1)).status).toBe(401);
    expect((await fail(2)).status).toBe(401);
    // Two failures from one real address (LOGIN_MAX_FAILURES_PER_IP=2 in the environment file).
    expect((await fail(3)).status).toBe(429);
  });

  it('run a second time, says each part is already right and changes nothing', async () => {
    const before = snapshot(prefix);
    const again = await setup();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Everything is already right: nothing changed.');
    expect(again.stdout.match(/: already right/gu)?.length).toBeGreaterThanOrEqual(9);
    expect(snapshot(prefix)).toEqual(before);
  });

  it('npm run doctor on the install: SITE_URL reaches the site over HTTPS, and the certificate’s end is shown', async () => {
    const result = await runScript('doctor', ['--env-file', envFile()], { NODE_EXTRA_CA_CERTS: caFile });
    expect(result.stdout).toContain(`[ok] SITE_URL: https://${DOMAIN} reaches this site`);
    expect(result.stdout).toMatch(/HTTPS certificate: (valid until|ends in)/u);
    expect(result.stdout).toContain('[ok] Database: answers');
    expect(result.stdout).toContain(`ADMIN_PASSWORD=***`);
    expect(result.stdout).not.toContain(ADMIN_PASSWORD);
  });
});
