/**
 * `npm run upgrade` for real, as root, on an install laid out as `npm run setup -- --no-systemd` leaves it:
 * a git clone of this repository's current commit (v1) running as a system user, with its environment
 * file, pid file and log under a scratch prefix, on the data an earlier release made
 * (tests/fixtures/release-ab5f065): its SQLite file, or in the PostgreSQL pass its rows loaded into a
 * scratch database (DATABASE_URL in the environment file), the uploads in the data folder either way. Its remote is a local repository with two later states: the branch
 * one commit ahead whose migration adds an empty table (v2), and a tag whose release has a migration that
 * fails (v3-broken).
 * The app's process is stopped, the user removed and the folder deleted afterwards, even when a test fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, FIXTURE_DATA_DIR } from '../../scripts/fixtures/release-manifest.ts';
import { type AppService, appEnvironment, startApp, waitForAppHealth } from '../../scripts/setup/app-process.ts';
import { setupPaths } from '../../scripts/setup/files.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { type OpenedFixture, openReleaseFixture, readManifest } from './release-fixture.ts';
import { PROJECT_ROOT } from './server-process.ts';

const FIXTURE = 'release-ab5f065';
const USER = 'orbitupgradetest';
const PORT = 4815;
const GIT_ID = ['-c', 'user.name=Upgrade Test', '-c', 'user.email=upgrade@orbit.test'];

const sh = (command: string, args: string[], cwd?: string) => spawnSync(command, args, { encoding: 'utf8', cwd });
const must = (command: string, args: string[], cwd?: string): string => {
  const r = sh(command, args, cwd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
};

const databaseServer = testDatabaseServer();
const engine = databaseServer ? 'PostgreSQL' : 'SQLite';

function cannotRun(): string | undefined {
  // Its steps (git, copies, the backup module, processes) do not depend on Node's version, and each run
  // takes minutes: CI runs it in its Node 20 pass only (the Node 24 pass runs the server in the others).
  if (Number(process.versions.node.split('.')[0]) > 20) return 'run once, on Node 20 (CI time)';
  if (process.getuid?.() !== 0) return 'not root';
  if (sh('ss', ['-Hltn', `sport = :${PORT}`]).stdout.trim()) return `port ${PORT} is already in use`;
  if (sh('git', ['-C', PROJECT_ROOT, 'status', '--porcelain', '--untracked-files=no']).stdout.trim())
    console.warn('upgrade command test: it installs the last commit, not the uncommitted changes');
  // The service user runs the app from the install, whose node_modules is this checkout's.
  for (let d = fs.realpathSync(path.join(PROJECT_ROOT, 'node_modules')); d !== '/'; d = path.dirname(d))
    if ((fs.statSync(d).mode & 0o005) !== 0o005) return `${d} is not readable by other users`;
  return undefined;
}
const skipReason = cannotRun();
if (skipReason) console.warn(`npm run upgrade ops test skipped: ${skipReason}.`);

let base: string;
let origin: string;
let live: string;
let prefix: string;
let service: AppService;
/** The release's data on PostgreSQL (its scratch database), in the PostgreSQL pass. */
let onPg: OpenedFixture | undefined;
let databaseUrl: string | undefined;
const commits: Record<'v1' | 'v2' | 'v3', string> = { v1: '', v2: '', v3: '' };
const dataDir = () => setupPaths(prefix).dataDir;

interface Ran {
  code: number | null;
  out: string;
  ms: number;
}

/** The timeline the upgrade printed (each step's start), for the figures in the test's output. */
const timeline = (r: Ran) =>
  r.out
    .split('\n')
    .filter((l) => l.includes('==> ') || /^(Upgraded|Rolled back)/u.test(l))
    .join('\n');

/**
 * `npm run upgrade -- ...` as a person runs it: the install's own script, from the app's folder (or another
 * checkout's, `cwd`). Run without blocking: this process must reap the app it started when it exits.
 */
function upgrade(args: string[], cwd = live): Promise<Ran> {
  const startedAt = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/upgrade.ts', ...args, '--no-systemd', '--user', USER, '--prefix', prefix],
    { cwd, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, ms: Date.now() - startedAt })));
}

/** Adds a migration to the remote's working tree, registered in server/db/migrate.ts, staged. */
function addMigration(name: string, text: string): void {
  const alias = `m${name.slice(0, 4)}`;
  fs.writeFileSync(path.join(origin, `server/db/migrations/${name}.ts`), text);
  const migrate = path.join(origin, 'server/db/migrate.ts');
  fs.writeFileSync(
    migrate,
    fs
      .readFileSync(migrate, 'utf8')
      .replace(
        "import type { Database } from './schema.ts';",
        `import * as ${alias} from './migrations/${name}.ts';\nimport type { Database } from './schema.ts';`,
      )
      .replace(
        'export const migrations: Record<string, Migration> = {',
        `export const migrations: Record<string, Migration> = {\n  '${name}': ${alias},`,
      ),
  );
  must('git', ['add', '-A'], origin);
}

async function health(): Promise<{ status: number; release: string | null }> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
  const body = (await res.json()) as { release?: string | null };
  return { status: res.status, release: body.release ?? null };
}

/** Every row of every table, as text, read from the database (the app's schema on PostgreSQL). */
async function tables(): Promise<Record<string, string[]>> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const names = (
        await client.query<{ name: string }>(
          'select tablename as name from pg_tables where schemaname = current_schema()',
        )
      ).rows.map((r) => r.name);
      const out: Record<string, string[]> = {};
      for (const name of names)
        out[name] = (await client.query<{ r: string }>(`select row_to_json(t)::text as r from "${name}" t`)).rows.map(
          (r) => r.r,
        );
      return out;
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir(), 'orbit.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const names = (
      db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    return Object.fromEntries(
      names.map((name) => [
        name,
        (db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[]).map((r) => JSON.stringify(r)),
      ]),
    );
  } finally {
    db.close();
  }
}

/** Each stored file with its SHA-256, by path under uploads/. */
function files(): Record<string, string> {
  const root = path.join(dataDir(), 'uploads');
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else out[path.relative(root, f)] = createHash('sha256').update(fs.readFileSync(f)).digest('hex');
    }
  };
  walk(root);
  return out;
}

/**
 * Every row the previous state held is still there, value for value (starting may add rows). Compared in the
 * columns both states have: a migration may add columns (an album's place, a photo's state) or replace one
 * (inquiries' handled flag became their state; the migrations' own tests check such a change row by row).
 */
async function expectRowsKept(before: Record<string, string[]>): Promise<void> {
  const now = await tables();
  const keys = (row: string | undefined) => Object.keys(row ? (JSON.parse(row) as Record<string, unknown>) : {});
  for (const [table, rows] of Object.entries(before)) {
    if (rows.length === 0) continue;
    const nowRows = now[table] ?? [];
    const kept = new Set(keys(nowRows[0]));
    const columns = keys(rows[0]).filter((c) => kept.size === 0 || kept.has(c));
    const project = (row: string) => {
      const values = JSON.parse(row) as Record<string, unknown>;
      return JSON.stringify(Object.fromEntries(columns.map((c) => [c, values[c]])));
    };
    const present = new Set(nowRows.map(project));
    for (const row of rows) expect(present.has(project(row)), `${table}: ${row.slice(0, 200)}`).toBe(true);
  }
}

/** The schemas of the scratch database other than PostgreSQL's own: none set aside may stay. */
async function appSchemas(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1",
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function expectFilesServed(): Promise<void> {
  for (const file of readManifest(FIXTURE).files) {
    const res = await fetch(`http://127.0.0.1:${PORT}${file.url}`);
    expect(res.status, file.url).toBe(200);
    const sha = createHash('sha256')
      .update(Buffer.from(await res.arrayBuffer()))
      .digest('hex');
    expect(sha, file.url).toBe(file.sha256);
  }
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

/**
 * Starts the install at `live` on its data folder as the service would, without systemd: the data folder owned
 * by the service's user, the environment file setup writes, then the app, until its health answers.
 */
async function startInstalled(paths: ReturnType<typeof setupPaths>, live: string, databaseUrl?: string): Promise<void> {
  must('chown', ['-R', `${USER}:${USER}`, paths.dataDir]);
  fs.chmodSync(paths.dataDir, 0o750);
  const envText = [
    'NODE_ENV=production',
    'HOST=127.0.0.1',
    `PORT=${PORT}`,
    `DATA_DIR=${paths.dataDir}`,
    ...(databaseUrl ? [`DATABASE_URL=${databaseUrl}`] : []),
    `SITE_URL=http://127.0.0.1:${PORT}`,
    'SEED_DEMO=false',
    'LOG_LEVEL=warn',
    'SHUTDOWN_TIMEOUT_SECONDS=5',
    '',
  ].join('\n');
  fs.mkdirSync(path.dirname(paths.envFile), { recursive: true });
  fs.writeFileSync(paths.envFile, envText, { mode: 0o600 });
  service = { systemd: false, port: PORT, user: USER, runDir: paths.runDir };
  await startApp(service, live, appEnvironment(envText, PORT));
  await waitForAppHealth(service, { seconds: 120 });
}

describe.skipIf(skipReason !== undefined)(
  `npm run upgrade and --rollback, for real, without systemd, on ${engine}`,
  () => {
    let v1Rows: Record<string, string[]>;
    let v1Files: Record<string, string>;

    beforeAll(async () => {
      base = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-upgrade-cmd-'));
      fs.chmodSync(base, 0o755);
      prefix = path.join(base, 'root');

      // The remote: this commit (v1), the branch one harmless commit ahead (v2), a tag with a failing migration (v3).
      origin = path.join(base, 'origin');
      must('git', ['clone', '--quiet', '--no-hardlinks', PROJECT_ROOT, origin]);
      must('git', ['checkout', '--quiet', '-B', 'main'], origin);
      commits.v1 = must('git', ['rev-parse', 'HEAD'], origin);
      fs.appendFileSync(path.join(origin, 'README.md'), '\nA harmless change for the upgrade test.\n');
      addMigration(
        '0899-upgrade-test-marker',
        "import { type Kysely, sql } from 'kysely';\nexport async function up(db: Kysely<unknown>): Promise<void> {\n  await sql`create table upgrade_test_marker (id integer)`.execute(db);\n}\n",
      );
      must('git', [...GIT_ID, 'commit', '--quiet', '-m', 'v2: a harmless change and a migration'], origin);
      commits.v2 = must('git', ['rev-parse', 'HEAD'], origin);
      must('git', ['checkout', '--quiet', '-b', 'broken'], origin);
      addMigration(
        '0900-upgrade-test-fails',
        "export async function up(): Promise<void> {\n  throw new Error('upgrade test: this migration fails on purpose');\n}\n",
      );
      must('git', ['add', '-A'], origin);
      must('git', [...GIT_ID, 'commit', '--quiet', '-m', 'v3: a migration that fails'], origin);
      must('git', ['tag', 'v3-broken'], origin);
      commits.v3 = must('git', ['rev-parse', 'HEAD'], origin);
      must('git', ['checkout', '--quiet', 'main'], origin);

      // The install, as setup leaves it: a clone at v1 on main, built, run by its user on its data.
      live = path.join(base, 'opt/orbit-college');
      fs.mkdirSync(path.dirname(live), { recursive: true, mode: 0o755 });
      must('git', ['clone', '--quiet', '--branch', 'main', origin, live]);
      must('git', ['reset', '--quiet', '--hard', commits.v1], live);
      fs.symlinkSync(fs.realpathSync(path.join(PROJECT_ROOT, 'node_modules')), path.join(live, 'node_modules'));
      must('npm', ['run', 'build'], live);
      if (sh('getent', ['passwd', USER]).status !== 0) must('useradd', ['--system', '--no-create-home', USER]);
      const paths = setupPaths(prefix);
      if (databaseServer) {
        // The release's rows in a scratch database; its uploads moved to where setup keeps the data.
        onPg = await openReleaseFixture(FIXTURE, base);
        const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(onPg.db);
        const url = new URL(databaseServer);
        url.pathname = `/${rows[0]!.name}`;
        databaseUrl = url.toString();
        fs.mkdirSync(path.dirname(paths.dataDir), { recursive: true });
        fs.renameSync(onPg.dataDir, paths.dataDir);
      } else fs.cpSync(path.join(FIXTURES_DIR, FIXTURE, FIXTURE_DATA_DIR), paths.dataDir, { recursive: true });
      await startInstalled(paths, live, databaseUrl);
      v1Rows = await tables();
      v1Files = files();
    });

    afterAll(async () => {
      if (prefix) await stopPidFile(path.join(setupPaths(prefix).runDir, 'app.pid'));
      await onPg?.cleanup();
      if (base) fs.rmSync(base, { recursive: true, force: true });
      if (sh('getent', ['passwd', USER]).status === 0) sh('userdel', [USER]);
    });

    it('--dry-run prints every step and command, and changes nothing', async () => {
      const result = await upgrade(['--dry-run']);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toContain(`to the latest main (${commits.v2.slice(0, 12)})`);
      expect(result.out).toContain('package-lock.json is unchanged');
      expect(result.out).toContain('npm run build');
      expect(result.out).toContain('nothing was changed');
      expect(fs.lstatSync(live).isDirectory()).toBe(true);
      expect(fs.existsSync(`${live}-releases`)).toBe(false);
      expect(await health()).toEqual({ status: 200, release: null });
    });

    it('upgrades to the latest commit of the branch, keeping every row and file; health answers the new release', async () => {
      const result = await upgrade(['--yes']);
      console.log(`upgrade v1 -> v2: ${(result.ms / 1000).toFixed(1)} s\n${timeline(result)}`);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toMatch(/Upgraded to the latest main .* the site was down for \d+ s/u);
      expect(await health()).toEqual({ status: 200, release: commits.v2 });
      expect((await tables()).upgrade_test_marker).toEqual([]);
      expect(fs.lstatSync(live).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(live, 'README.md'), 'utf8')).toContain('A harmless change');
      await expectRowsKept(v1Rows);
      expect(files()).toEqual(v1Files);
      await expectFilesServed();
      // The backup it made, with the site stopped, is kept for a roll-back.
      expect(fs.readdirSync(`${live}-releases/backups`)).toHaveLength(1);
    });

    it('refuses a downgrade clearly, changing nothing', async () => {
      const result = await upgrade([commits.v1.slice(0, 12), '--yes']);
      expect(result.code).toBe(1);
      expect(result.out).toContain('refuses a downgrade');
      expect((await health()).release).toBe(commits.v2);
    });

    it('a release whose migration fails leaves the previous one running with its data, and prints the failure', async () => {
      const before = await tables();
      const releases = fs.readdirSync(`${live}-releases`).sort();
      const result = await upgrade(['v3-broken', '--yes']);
      expect(result.code, result.out).toBe(1);
      expect(result.out).toContain(`The upgrade to v3-broken (${commits.v3.slice(0, 12)}) failed`);
      expect(result.out).toContain('0900-upgrade-test-fails');
      expect(result.out).toContain('upgrade test: this migration fails on purpose');
      expect(result.out).toContain('the database restored from');
      expect(result.out).toContain('runs again with its data');
      expect(await health()).toEqual({ status: 200, release: commits.v2 });
      expect(fs.readdirSync(`${live}-releases`).sort()).toEqual(releases);
      await expectRowsKept(before);
      expect(files()).toEqual(v1Files);
      await expectFilesServed();
    });

    it('--rollback returns to the previous release, restoring the backup made before the migration, and any file removed since', async () => {
      // A stored file removed while the newer release ran: the restored rows refer to it, so it comes back.
      const removed = readManifest(FIXTURE).files[0]!.key;
      fs.rmSync(path.join(dataDir(), 'uploads', removed));
      const result = await upgrade(['--rollback', '--yes']);
      console.log(`rollback v2 -> v1: ${(result.ms / 1000).toFixed(1)} s\n${timeline(result)}`);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toContain('The database was migrated by the newer release (0899-upgrade-test-marker)');
      expect(result.out).toContain('1 stored file removed since the backup was put back');
      expect(await health()).toEqual({ status: 200, release: null });
      expect(must('git', ['rev-parse', 'HEAD'], live)).toBe(commits.v1);
      expect((await tables()).upgrade_test_marker).toBeUndefined();
      await expectRowsKept(v1Rows);
      expect(files()).toEqual(v1Files);
      await expectFilesServed();
      // The newer database is kept: beside the restored file, or as a dump of the schema set aside (then dropped).
      if (databaseUrl) {
        expect(fs.readdirSync(`${live}-releases/backups`).some((f) => /^database-rolled-back-.*\.dump$/u.test(f))).toBe(
          true,
        );
        expect(await appSchemas()).toEqual(['public']);
      } else expect(fs.readdirSync(dataDir()).some((f) => f.startsWith('orbit.sqlite.rolled-back-'))).toBe(true);

      const again = await upgrade(['--rollback', '--yes']);
      expect(again.code).toBe(1);
      expect(again.out).toContain('There is no previous release to go back to');
    });
  },
);

/**
 * Opt-in (UPGRADE_FROM_PREVIOUS_RELEASE=1; it installs that release's dependencies and builds two
 * releases: minutes): the code of the release the data fixture was made by (ab5f065, older than
 * `npm run upgrade`), installed with its own `npm ci --prefer-offline` in its own folder and run on its
 * data, upgraded to this commit by this checkout's script with --app-dir: every row and file kept.
 */
/** Two dependency installs (better-sqlite3 compiled from source each time) and two builds, on a busy machine. */
const RELEASE_MINUTES = 20;
const fromRelease = process.env.UPGRADE_FROM_PREVIOUS_RELEASE === '1';
describe.skipIf(skipReason !== undefined || !fromRelease || databaseServer !== undefined)(
  "npm run upgrade -- --app-dir, from the previous release's own code (opt-in)",
  () => {
    let before: Record<string, string[]>;
    let beforeFiles: Record<string, string>;
    const release = readManifest(FIXTURE).release;
    let head: string;

    beforeAll(async () => {
      base = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-upgrade-release-'));
      fs.chmodSync(base, 0o755);
      prefix = path.join(base, 'root');
      origin = path.join(base, 'origin');
      must('git', ['clone', '--quiet', '--no-hardlinks', PROJECT_ROOT, origin]);
      must('git', ['checkout', '--quiet', '-B', 'main'], origin);
      head = must('git', ['rev-parse', 'HEAD'], origin);
      live = path.join(base, 'opt/orbit-college');
      fs.mkdirSync(path.dirname(live), { recursive: true, mode: 0o755 });
      must('git', ['clone', '--quiet', '--branch', 'main', origin, live]);
      must('git', ['reset', '--quiet', '--hard', release], live);
      let t = Date.now();
      must('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], live);
      console.log(`${release.slice(0, 7)}: npm ci --prefer-offline ${((Date.now() - t) / 1000).toFixed(0)} s`);
      t = Date.now();
      must('npm', ['run', 'build'], live);
      console.log(`${release.slice(0, 7)}: npm run build ${((Date.now() - t) / 1000).toFixed(0)} s`);
      if (sh('getent', ['passwd', USER]).status !== 0) must('useradd', ['--system', '--no-create-home', USER]);
      const paths = setupPaths(prefix);
      fs.cpSync(path.join(FIXTURES_DIR, FIXTURE, FIXTURE_DATA_DIR), paths.dataDir, { recursive: true });
      await startInstalled(paths, live);
      before = await tables();
      beforeFiles = files();
    }, RELEASE_MINUTES * 60_000);

    afterAll(async () => {
      if (prefix) await stopPidFile(path.join(setupPaths(prefix).runDir, 'app.pid'));
      if (base) fs.rmSync(base, { recursive: true, force: true });
      if (sh('getent', ['passwd', USER]).status === 0) sh('userdel', [USER]);
    });

    it(
      'upgrades the release to this commit, keeping every row and file',
      async () => {
        // The release has no scripts/upgrade.ts: this checkout's script upgrades the install it names.
        expect(fs.existsSync(path.join(live, 'scripts/upgrade.ts'))).toBe(false);
        // upgrade() adds --no-systemd, --user and --prefix.
        const result = await upgrade(['--app-dir', live, '--yes'], PROJECT_ROOT);
        console.log(
          `upgrade ${release.slice(0, 7)} -> ${head.slice(0, 7)}: ${(result.ms / 1000).toFixed(1)} s\n${timeline(result)}`,
        );
        expect(result.code, result.out).toBe(0);
        expect(result.out).toContain('package-lock.json changed');
        expect(await health()).toEqual({ status: 200, release: head });
        await expectRowsKept(before);
        expect(files()).toEqual(beforeFiles);
        await expectFilesServed();
      },
      RELEASE_MINUTES * 60_000,
    );
  },
);
