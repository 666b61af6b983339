/**
 * `npm run doctor` against real servers: a healthy one, the same one with SITE_URL wrong, and one whose
 * data is on a nearly full small filesystem (a tmpfs mounted as root) with no backup for three days
 * (its clock moved through TEST_CLOCK_FILE). Each problem is named with its fix.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from './run-script.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, startServer } from './server-process.ts';

let dir: string;
let healthy: ServerProcess;

const doctor = (env: Record<string, string>) => runScript('doctor', ['--env-file', path.join(dir, 'none.env')], env);

beforeAll(async () => {
  if (pgPass) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-doctor-'));
  // An empty environment file: the test's variables are the settings (the real /etc file, if any, is not read).
  fs.writeFileSync(path.join(dir, 'none.env'), '');
  healthy = await startServer({ DATA_DIR: path.join(dir, 'healthy'), HEALTH_TOKEN });
});

afterAll(async () => {
  await healthy?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// The app shows the doctor its backups and outbox only with the token.
const HEALTH_TOKEN = 'the-doctor-reads-the-figures-with-this';

const settingsOf = (server: ServerProcess, dataDir: string) => ({
  HEALTH_TOKEN,
  DATA_DIR: dataDir,
  PORT: String(server.port),
  HOST: '127.0.0.1',
  SITE_URL: server.url,
});

// The servers here are embedded installs (startServer never passes DATABASE_URL on): the PostgreSQL pass
// would repeat the same runs.
const pgPass = Boolean(process.env.DATABASE_URL);
if (pgPass) console.warn('npm run doctor ops test skipped in the PostgreSQL pass: it runs in the SQLite pass.');

describe.skipIf(pgPass)('npm run doctor', () => {
  it('on a healthy install: versions, settings with secrets hidden, every check ok, exit 0', async () => {
    const result = await doctor({
      ...settingsOf(healthy, path.join(dir, 'healthy')),
      SMTP_URL: 'smtp://office:hunter2-secret@mail.example.com:587',
      ADMIN_EMAIL: 'office@orbit.test',
      ADMIN_PASSWORD: 'a-long-admin-password-secret',
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/orbit-college \d+\.\d+\.\d+ \(commit [0-9a-f]+\)/u);
    expect(result.stdout).toContain(`Node ${process.version}`);
    expect(result.stdout).toContain('SMTP_URL=smtp://office:***@mail.example.com:587');
    expect(result.stdout).toContain('ADMIN_PASSWORD=***');
    expect(result.stdout).not.toMatch(/hunter2|a-long-admin-password/u);
    for (const check of [
      'Database: answers',
      `SITE_URL: ${healthy.url} reaches this site`,
      'Disk space:',
      'Storage: rows and files agree',
      'Backups: last good backup: none yet',
      'Outbox: 0 messages waiting',
    ])
      expect(result.stdout).toContain(check);
    expect(result.stdout).toContain('No problems found.');
  });

  it('names a SITE_URL that does not reach the site, with its fix', async () => {
    const result = await doctor({
      ...settingsOf(healthy, path.join(dir, 'healthy')),
      SITE_URL: 'https://college.invalid',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /1 problem, each with its fix:\n {2}1\. SITE_URL: https:\/\/college\.invalid does not reach this site/u,
    );
    expect(result.stdout).toContain(
      "Fix: point college.invalid's DNS record at this server and run npm run setup -- --domain college.invalid",
    );
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)('names a nearly full disk and no backup for three days, each with its fix', async () => {
    const mount = path.join(dir, 'small');
    fs.mkdirSync(mount);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mount], { encoding: 'utf8' });
    expect(mounted.status, mounted.stderr).toBe(0);
    const clockFile = path.join(dir, 'clock');
    let server: ServerProcess | undefined;
    try {
      const dataDir = path.join(mount, 'data');
      server = await startServer({
        HEALTH_TOKEN,
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(dir, 'backups'),
        TEST_CLOCK_FILE: clockFile,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      });
      // A backup made from the admin, as the office does; then three days without one, and the small disk
      // filled to all but about 1 MB.
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .find((c) => c.startsWith('orbit_session='))!
        .split(';')[0]!;
      const backup = await fetch(`${server.url}/api/admin/backups`, {
        method: 'POST',
        headers: { origin: server.url, cookie },
      });
      expect(((await backup.json()) as { ok: boolean }).ok).toBe(true);
      fs.writeFileSync(clockFile, String(3 * 24 * 3600 * 1000));
      const s = fs.statfsSync(mount);
      fs.writeFileSync(path.join(mount, 'filler'), Buffer.alloc(Math.max(0, s.bavail * s.bsize - 1024 * 1024)));

      const result = await doctor({ ...settingsOf(server, dataDir), TEST_CLOCK_FILE: clockFile });
      expect(result.code, result.stdout).toBe(1);
      expect(result.stdout).toMatch(/Disk space: nearly full: \d+ MB free of 48 MB/u);
      expect(result.stdout).toContain(`Fix: sudo du -xsh ${dataDir}/*`);
      expect(result.stdout).toMatch(/Backups: no good backup for more than 48 hours \(last: \S+ \(3 days ago\)\)/u);
      expect(result.stdout).toContain(
        `Fix: open ${server.url}/admin/backups and press Back up now; then check BACKUP_SCHEDULE`,
      );
    } finally {
      await server?.stop();
      spawnSync('umount', [mount]);
    }
  });
});
