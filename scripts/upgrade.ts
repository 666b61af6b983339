/**
 * Upgrades an install made by `npm run setup`, as root: npm run upgrade [-- <tag|branch|commit>]
 * Fetches the release (default: the latest commit of the current branch on the install's git remote),
 * refuses anything not newer, builds it in a new release folder while the site still runs, then stops
 * the service, makes a checked backup, switches the app's folder (a link) to the new release and starts
 * it: pending migrations run at that start. On any failure the previous release and the backed-up
 * database are put back and started again. `--rollback` returns to the previous release; `--dry-run`
 * prints every step and command. One upgrade at a time (a lock in the releases folder). On PostgreSQL
 * (DATABASE_URL in the environment file) the backup is pg_dump's, put back into the same database by
 * swapping the app's schema (scripts/upgrade/pg-database.ts). `--app-dir` names the install when this
 * script is a checkout of the new release (an install older than this command has none of its own).
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { checkUnpacked, unpackArchive } from '#server/backups/archive-checks.ts';
import { takeLock } from '#server/backups/backup-lock.ts';
import { writeBackup } from '#server/backups/write-backup.ts';
import { type PgBackupSource, pgBackupSource, writePgBackup } from '#server/backups/write-pg-backup.ts';
import { sqliteFile } from '#server/db/db.ts';
import { parseEnv } from '#server/env.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { RELEASE_FILE, type ReleaseInfo, readRelease } from '#server/release.ts';
import { describeScriptError } from './ops/script-error.ts';
import { UsageError } from './setup/args.ts';
import {
  type AppService,
  appEnvironment,
  appLogTail,
  appRunning,
  serviceName,
  startApp,
  stopApp,
  waitForAppHealth,
} from './setup/app-process.ts';
import { parseEnvFile, setupPaths } from './setup/files.ts';
import { mustRun, run } from './setup/system.ts';
import { type UpgradeOptions, parseUpgradeArgs } from './upgrade/args.ts';
import {
  type Layout,
  compareReleases,
  layoutFrom,
  migratedSince,
  refusal,
  releaseId,
  releasesToRemove,
  rollbackSteps,
  serviceCommands,
  upgradeSteps,
} from './upgrade/plan.ts';
import { pgAppliedMigrations, rehearsePgRestore, restorePgDatabase } from './upgrade/pg-database.ts';

const HERE = fs.realpathSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
const STATE_FILE = 'upgrade-state.json';
const LOCK_FILE = '.upgrade.lock';
const HEALTH_SECONDS = 180;

/** What the last upgrade left, for --rollback: the release it started, the one before, and the backup. */
interface UpgradeState {
  current: { id: string; commit: string };
  previous: { id: string; commit: string } | null;
  /** The checked backup made with the site stopped, just before the switch. */
  backup: string | null;
  backupAt: string | null;
  /** The migrations the database had run before the upgrade. */
  appliedBefore: string[];
  at: string;
}

interface Install {
  o: UpgradeOptions;
  layout: Layout;
  service: AppService;
  envText: string;
  dataDir: string;
  /** The PostgreSQL database and uploads (DATABASE_URL set), or undefined for the embedded install. */
  pg: PgBackupSource | undefined;
}

class UpgradeError extends Error {
  override name = 'OpsError';
}

const say = (line = '') => console.log(line);
const elapsed = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

function git(cwd: string, args: string[]): string {
  const r = run('git', ['-C', cwd, ...args]);
  if (r.status !== 0) throw new UpgradeError(`\`git ${args.join(' ')}\` in ${cwd} failed: ${r.stderr.trim()}`);
  return r.stdout.trim();
}
const gitOk = (cwd: string, args: string[]) => run('git', ['-C', cwd, ...args]).status === 0;

async function confirm(o: UpgradeOptions, question: string): Promise<boolean> {
  if (o.yes || !process.stdin.isTTY) return true;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/iu.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

/** The migrations the database has run (Kysely's own table); none for a database that has none yet. */
async function appliedMigrations(install: Install): Promise<string[]> {
  if (install.pg) return pgAppliedMigrations(install.pg.databaseUrl);
  const file = sqliteFile(install.dataDir);
  if (!fs.existsSync(file)) return [];
  // Opened for writing, as the server opens it, so a database in WAL mode is read without its -shm file.
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
}

/** Files this root process made in the data folder (SQLite's -wal/-shm, a restored database) go to its owner. */
function giveBack(dataDir: string): void {
  if (!fs.existsSync(dataDir)) return;
  const { uid, gid } = fs.statSync(dataDir);
  for (const name of fs.readdirSync(dataDir)) {
    const file = path.join(dataDir, name);
    const st = fs.lstatSync(file);
    if (st.uid !== uid || st.gid !== gid) fs.lchownSync(file, uid, gid);
  }
}

/** Moves into `to` every file of `from` (a tree) that `to` lacks, owned as `to` is; returns how many. */
function addMissingFiles(from: string, to: string): number {
  const { uid, gid } = fs.statSync(to);
  let added = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (!fs.existsSync(target)) {
        fs.mkdirSync(target);
        fs.chownSync(target, uid, gid);
      }
      added += addMissingFiles(source, target);
    } else if (!fs.existsSync(target)) {
      fs.renameSync(source, target);
      fs.chownSync(target, uid, gid);
      added += 1;
    }
  }
  return added;
}

/**
 * Puts the database of a checked backup in place of the live one (the service stopped), and every stored
 * file the backup has that the uploads folder lacks (removed since), so each row refers to a file that
 * is there. The live database is kept: SQLite's file beside it as orbit.sqlite.<label>-<time>, a
 * PostgreSQL database as a dump beside the upgrade's backups (scripts/upgrade/pg-database.ts swaps
 * schemas). Files stored since stay; a bucket's objects are never removed by an upgrade, so they stay too.
 */
async function restoreDatabase(install: Install, archive: string, label: string): Promise<string> {
  const { dataDir, pg } = install;
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, '.orbit-upgrade-restore-'));
  try {
    await unpackArchive(archive, staging);
    let aside: string;
    if (pg) {
      aside = await restorePgDatabase(pg, staging, {
        label,
        keepAs: path.join(install.layout.releasesDir, 'backups', `database-${label}-${stamp}.dump`),
      });
    } else {
      await checkUnpacked(staging);
      const live = sqliteFile(dataDir);
      aside = `${live}.${label}-${stamp}`;
      for (const suffix of ['', '-wal', '-shm'])
        if (fs.existsSync(live + suffix)) fs.renameSync(live + suffix, aside + suffix);
      fs.renameSync(path.join(staging, 'orbit.sqlite'), live);
    }
    const localFiles = !pg?.bucket && fs.existsSync(path.join(staging, 'uploads'));
    fs.mkdirSync(uploadsDir(dataDir), { recursive: true });
    const added = localFiles ? addMissingFiles(path.join(staging, 'uploads'), uploadsDir(dataDir)) : 0;
    if (added > 0)
      say(
        `  ${added} stored ${added === 1 ? 'file' : 'files'} removed since the backup ${added === 1 ? 'was' : 'were'} put back`,
      );
    giveBack(dataDir);
    return aside;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Points the app's folder (a link) at `target` in one rename, so it never is missing. */
function switchLink(live: string, target: string): void {
  const temp = `${live}.switching`;
  fs.rmSync(temp, { force: true });
  fs.symlinkSync(target, temp);
  fs.renameSync(temp, live);
}

function readState(layout: Layout): UpgradeState | undefined {
  const file = path.join(layout.releasesDir, STATE_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as UpgradeState) : undefined;
}

function writeState(layout: Layout, state: UpgradeState): void {
  const file = path.join(layout.releasesDir, STATE_FILE);
  fs.writeFileSync(`${file}.new`, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(`${file}.new`, file);
}

/** The remote's address as git can use it from any folder (a relative local path made absolute). */
function remoteUrl(cwd: string): string {
  const r = run('git', ['-C', cwd, 'remote', 'get-url', 'origin']);
  if (r.status !== 0)
    throw new UpgradeError(
      `${cwd} has no git remote named origin: upgrade fetches releases from the repository the install was cloned from.`,
    );
  const url = r.stdout.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//iu.test(url) || /^[^/]+@[^/]+:/u.test(url) || path.isAbsolute(url)
    ? url
    : path.resolve(cwd, url);
}

/** The target's commit, what to call it, and the branch to check it out on (none for a tag or a commit). */
function resolveTarget(cwd: string, target: string | undefined) {
  if (target === undefined) {
    const branch = run('git', ['-C', cwd, 'symbolic-ref', '--short', '-q', 'HEAD']).stdout.trim();
    if (!branch)
      throw new UpgradeError(
        'The running release was checked out at a tag or a commit, not a branch: name the release, `npm run upgrade -- TAG`.',
      );
    const commit = git(cwd, ['rev-parse', '--verify', '-q', `origin/${branch}^{commit}`]);
    return { commit, asked: `the latest ${branch}`, branch };
  }
  const asBranch = run('git', ['-C', cwd, 'rev-parse', '--verify', '-q', `origin/${target}^{commit}`]);
  if (asBranch.status === 0) return { commit: asBranch.stdout.trim(), asked: target, branch: target };
  const other = run('git', ['-C', cwd, 'rev-parse', '--verify', '-q', `${target}^{commit}`]);
  if (other.status !== 0)
    throw new UpgradeError(`${target} is neither a branch, a tag nor a commit of ${remoteUrl(cwd)}.`);
  return { commit: other.stdout.trim(), asked: target, branch: undefined };
}

/** Copies node_modules as hard links (same disk), or copies it when links cannot be made; a link stays a link. */
function copyNodeModules(from: string, to: string): void {
  const source = path.join(from, 'node_modules');
  const target = path.join(to, 'node_modules');
  if (fs.lstatSync(source).isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(source), target);
    return;
  }
  if (run('cp', ['-al', source, target]).status === 0) return;
  fs.rmSync(target, { recursive: true, force: true });
  mustRun('cp', ['-a', source, target]);
}

/** Builds the release in `next`; nothing of the running site is touched. */
function prepareRelease(o: {
  current: string;
  next: string;
  remote: string;
  commit: string;
  branch: string | undefined;
  asked: string;
  sameLockfile: boolean;
}): void {
  mustRun('git', ['clone', '--quiet', '--no-checkout', '--reference', o.current, '--dissociate', o.remote, o.next]);
  mustRun('git', ['-C', o.next, 'checkout', '--quiet', ...(o.branch ? ['-B', o.branch] : []), o.commit]);
  if (o.sameLockfile) copyNodeModules(o.current, o.next);
  // From the registry only what npm's cache lacks; every package still checked against the lockfile's hash.
  else mustRun('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: o.next });
  mustRun('npm', ['run', 'build'], { cwd: o.next });
  const info: ReleaseInfo = { commit: o.commit, ref: o.asked, builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(o.next, RELEASE_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

function printLogTail(service: AppService): void {
  const tail = appLogTail(service).trim();
  if (tail) say(`The app's last lines:\n${tail.replace(/^/gmu, '  | ')}`);
}

async function upgrade(install: Install): Promise<number> {
  const { o, layout, service, dataDir, pg } = install;
  const started = Date.now();
  const firstUpgrade = !fs.lstatSync(layout.live).isSymbolicLink();
  let current = fs.realpathSync(layout.live);
  const remote = remoteUrl(current);
  say(`Fetching releases from ${remote} ...`);
  git(current, ['fetch', '--quiet', '--tags', 'origin']);
  const target = resolveTarget(current, o.target);
  const running = git(current, ['rev-parse', 'HEAD']);
  const verdict = compareReleases({
    current: running,
    target: target.commit,
    currentIsAncestorOfTarget: gitOk(current, ['merge-base', '--is-ancestor', running, target.commit]),
    targetIsAncestorOfCurrent: gitOk(current, ['merge-base', '--is-ancestor', target.commit, running]),
  });
  const refused = refusal(verdict, running, target.commit, target.asked);
  if (refused) {
    if (verdict.kind === 'same') {
      say(refused);
      return 0;
    }
    console.error(`Upgrade refused, nothing changed: ${refused}`);
    return 1;
  }

  const now = new Date();
  const id = releaseId(target.commit, now);
  const next = path.join(layout.releasesDir, id);
  const backup = path.join(layout.releasesDir, 'backups', `before-${id}.tar.gz`);
  const lockNow = fs.readFileSync(path.join(current, 'package-lock.json'), 'utf8');
  const sameLockfile = git(current, ['show', `${target.commit}:package-lock.json`]) === lockNow.trim();
  const serviceText = o.systemd
    ? `the service ${serviceName(service.port)}`
    : `the app (pid file in ${service.runDir})`;
  const steps = upgradeSteps({
    live: layout.live,
    current: firstUpgrade ? path.join(layout.releasesDir, releaseId(running, now)) : current,
    next,
    remote,
    commit: target.commit,
    sameLockfile,
    backup,
    service: serviceText,
    serviceCommands: serviceCommands(service, layout.live),
    database: pg ? 'postgresql' : 'sqlite',
    dataDir,
    firstUpgrade,
  });
  say(`Upgrade ${layout.live} from ${running.slice(0, 12)} to ${target.asked} (${target.commit.slice(0, 12)}):`);
  steps.forEach((s, i) => say(`  ${i + 1}. ${s.name}`));
  if (o.dryRun) {
    say('\n--dry-run: nothing was changed (only the remote was fetched). Every command upgrade would run:');
    steps.forEach((s, i) => say(`\n# ${i + 1}. ${s.name}\n${s.commands.join('\n')}`));
    return 0;
  }
  if (!(await confirm(o, '\nUpgrade now?'))) {
    say('Nothing changed.');
    return 1;
  }

  say(`\n[${elapsed(started)}] ==> 1-3. Preparing ${next} (the site keeps running)`);
  try {
    // A PostgreSQL backup can be put back only if pg_restore is there and the role may swap the schema.
    if (pg) await rehearsePgRestore(pg);
    prepareRelease({ current, next, remote, ...target, sameLockfile });
  } catch (err) {
    fs.rmSync(next, { recursive: true, force: true });
    console.error(
      `\nUpgrade stopped before the site was touched: ${(err as Error).message}\nThe site still runs ${running.slice(0, 12)}; the new folder was removed.`,
    );
    return 1;
  }

  const downSince = Date.now();
  let backupMade = false;
  let moved = false;
  let switched = false;
  let startedNew = false;
  let appliedBefore: string[] = [];
  try {
    say(`\n[${elapsed(started)}] ==> 4. Stopping ${serviceText}`);
    if (appRunning(service)) await stopApp(service);
    else say('  (it was not running)');
    say(`\n[${elapsed(started)}] ==> 5. Backing up ${pg ? 'the PostgreSQL database (pg_dump)' : dataDir} to ${backup}`);
    fs.mkdirSync(path.dirname(backup), { recursive: true });
    const written = pg ? await writePgBackup(pg, backup) : await writeBackup(dataDir, backup);
    backupMade = true;
    appliedBefore = await appliedMigrations(install);
    giveBack(dataDir);
    say(`  checked: ${Object.keys(written.manifest.tables).length} tables, ${written.manifest.files} files`);
    say(`\n[${elapsed(started)}] ==> 6. Switching ${layout.live} to ${id}`);
    if (firstUpgrade) {
      const aside = path.join(layout.releasesDir, releaseId(running, now));
      fs.renameSync(layout.live, aside);
      // At once a link to where it went: the folder's old paths (this script's own files) keep working.
      switchLink(layout.live, aside);
      current = aside;
      moved = true;
    }
    switchLink(layout.live, next);
    switched = true;
    say(`\n[${elapsed(started)}] ==> 7. Starting ${serviceText}; pending migrations run now`);
    startedNew = true;
    await startApp(service, layout.live, appEnvironment(install.envText, service.port));
    await waitForAppHealth(service, { release: target.commit, seconds: HEALTH_SECONDS });
  } catch (err) {
    console.error(`\nThe upgrade to ${target.asked} (${target.commit.slice(0, 12)}) failed: ${(err as Error).message}`);
    if (startedNew) printLogTail(service);
    await putBack(install, {
      previous: current,
      linkToPrevious: switched || moved,
      restore: startedNew && backupMade ? backup : undefined,
      expect: readRelease(current)?.commit,
    });
    // The site runs on what that backup holds again: the folder and the backup of the failed try go.
    fs.rmSync(next, { recursive: true, force: true });
    fs.rmSync(backup, { force: true });
    console.error(
      `\nThe previous release (${running.slice(0, 12)}) runs again with its data; the failed release's folder was removed.`,
    );
    return 1;
  }
  const down = elapsed(downSince);

  writeState(layout, {
    current: { id, commit: target.commit },
    previous: { id: path.basename(current), commit: running },
    backup,
    backupAt: new Date(downSince).toISOString(),
    appliedBefore,
    at: new Date().toISOString(),
  });
  const keep = [id, path.basename(current)];
  const folders = fs
    .readdirSync(layout.releasesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d{14}-[0-9a-f]{12}$/u.test(e.name))
    .map((e) => e.name);
  for (const old of releasesToRemove(folders, keep)) {
    fs.rmSync(path.join(layout.releasesDir, old), { recursive: true, force: true });
    fs.rmSync(path.join(layout.releasesDir, 'backups', `before-${old}.tar.gz`), { force: true });
  }
  say(
    `\nUpgraded to ${target.asked} (${target.commit.slice(0, 12)}) in ${elapsed(started)}; the site was down for ${down}.`,
  );
  say(`The previous release is kept: \`npm run upgrade -- --rollback\` goes back to it.`);
  return 0;
}

/** After a failure: the previous release's folder and (when the new one ran) the backed-up database, started again. */
async function putBack(
  install: Install,
  o: { previous: string; linkToPrevious: boolean; restore: string | undefined; expect: string | undefined },
): Promise<void> {
  const { layout, service } = install;
  say('\nPutting the previous release back:');
  try {
    if (appRunning(service)) await stopApp(service);
    if (o.linkToPrevious) {
      switchLink(layout.live, o.previous);
      say(`  ${layout.live} -> ${o.previous}`);
    }
    if (o.restore) {
      const aside = await restoreDatabase(install, o.restore, 'failed-upgrade');
      say(`  the database restored from ${o.restore} (the one the new release left is kept as ${aside})`);
    }
    await startApp(service, layout.live, appEnvironment(install.envText, service.port));
    await waitForAppHealth(service, { release: o.expect, seconds: HEALTH_SECONDS });
    say('  started, and /api/health answers 200');
  } catch (err) {
    printLogTail(service);
    throw new UpgradeError(
      `Putting the previous release back failed too: ${(err as Error).message}\n` +
        `By hand: point ${layout.live} at ${o.previous}` +
        (o.restore ? `, restore the database from ${o.restore} (npm run restore)` : '') +
        ', and start the service (docs/operations.md, "Upgrading to a new release").',
    );
  }
}

async function rollback(install: Install): Promise<number> {
  const { o, layout, service, dataDir, pg } = install;
  const started = Date.now();
  const state = readState(layout);
  if (!state?.previous) {
    console.error(
      'There is no previous release to go back to: no upgrade was made here, or the last one was rolled back already.',
    );
    return 1;
  }
  const currentDir = path.join(layout.releasesDir, state.current.id);
  const previousDir = path.join(layout.releasesDir, state.previous.id);
  const linked = fs.lstatSync(layout.live).isSymbolicLink() ? fs.realpathSync(layout.live) : layout.live;
  if (linked !== currentDir)
    throw new UpgradeError(
      `${layout.live} points at ${linked}, not at ${currentDir}, the release the last upgrade made.`,
    );
  if (!fs.existsSync(previousDir)) throw new UpgradeError(`The previous release's folder ${previousDir} is gone.`);
  const migrated = migratedSince(state.appliedBefore, await appliedMigrations(install));
  giveBack(dataDir);
  say(`Roll back ${layout.live} from ${state.current.commit.slice(0, 12)} to ${state.previous.commit.slice(0, 12)}:`);
  if (migrated.length > 0) {
    say(
      `  The database was migrated by the newer release (${migrated.join(', ')}), and the previous release cannot run on it:\n` +
        `  the backup made just before the upgrade (${state.backup}, ${state.backupAt}) will be restored.\n` +
        `  WHATEVER WAS SAVED SINCE ${state.backupAt} IS LOST from the site (the database as it is now is kept beside it).`,
    );
  } else say('  The database was not migrated by the newer release: it is kept as it is.');
  const steps = rollbackSteps({
    live: layout.live,
    previous: previousDir,
    restore: migrated.length > 0 ? (state.backup ?? '(missing)') : undefined,
    database: pg ? 'postgresql' : 'sqlite',
    dataDir,
    serviceCommands: serviceCommands(service, layout.live),
  });
  steps.forEach((s, i) => say(`  ${i + 1}. ${s}`));
  if (o.dryRun) {
    say('\n--dry-run: nothing was changed.');
    return 0;
  }
  if (!(await confirm(o, '\nRoll back now?'))) {
    say('Nothing changed.');
    return 1;
  }
  if (migrated.length > 0) {
    if (!state.backup || !fs.existsSync(state.backup))
      throw new UpgradeError(`The backup made before the upgrade (${state.backup}) is missing: nothing was changed.`);
    if (pg) await rehearsePgRestore(pg);
  }
  if (appRunning(service)) await stopApp(service);
  if (migrated.length > 0 && state.backup) {
    const aside = await restoreDatabase(install, state.backup, 'rolled-back');
    say(`Database restored from ${state.backup}; the newer one is kept as ${aside}.`);
  }
  switchLink(layout.live, previousDir);
  await startApp(service, layout.live, appEnvironment(install.envText, service.port));
  try {
    await waitForAppHealth(service, { release: readRelease(previousDir)?.commit, seconds: HEALTH_SECONDS });
  } catch (err) {
    printLogTail(service);
    throw err;
  }
  writeState(layout, { ...state, current: state.previous, previous: null, backup: null, backupAt: null });
  say(`\nRolled back to ${state.previous.commit.slice(0, 12)} in ${elapsed(started)}.`);
  return 0;
}

/** The install named by --app-dir, refused unless it is a git clone of the app (a folder, or a release link). */
function appDirOf(dir: string): string {
  if (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, '.git')))
    throw new UpgradeError(`--app-dir ${dir} is not the app's folder (a git clone with package.json).`);
  return fs.realpathSync(dir);
}

async function main(): Promise<number> {
  const o = parseUpgradeArgs(process.argv.slice(2));
  if (process.getuid?.() !== 0 && !o.dryRun)
    throw new UpgradeError('Upgrade must run as root (it stops and starts the service): run it with sudo.');
  const paths = setupPaths(o.prefix);
  if (!fs.existsSync(paths.envFile))
    throw new UpgradeError(
      `There is no ${paths.envFile}: upgrade works on an install made by \`npm run setup\` (docs/operations.md has the steps by hand).`,
    );
  const envText = fs.readFileSync(paths.envFile, 'utf8');
  const env = parseEnvFile(envText);
  const port = o.port ?? Number(env.PORT ?? 3000);
  const install: Install = {
    o,
    layout: layoutFrom(o.appDir ? appDirOf(o.appDir) : HERE),
    service: { systemd: o.systemd, port, user: o.user, runDir: paths.runDir },
    envText,
    dataDir: env.DATA_DIR ?? paths.dataDir,
    // The backups module's own reading of the settings (DATABASE_URL, S3_*, PG_DUMP_PATH), as the app reads them.
    pg: env.DATABASE_URL ? pgBackupSource(parseEnv(appEnvironment(envText, port))) : undefined,
  };
  if (o.dryRun) return o.rollback ? rollback(install) : upgrade(install);

  fs.mkdirSync(install.layout.releasesDir, { recursive: true, mode: 0o755 });
  const lock = await takeLock(install.layout.releasesDir, LOCK_FILE);
  if ('holder' in lock)
    throw new UpgradeError(`Another upgrade or roll-back is running (process ${lock.holder}): wait for it to end.`);
  try {
    return await (o.rollback ? rollback(install) : upgrade(install));
  } finally {
    await lock.held.release();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`Error: ${err.message}`);
      process.exit(2);
    }
    for (const line of describeScriptError(err)) console.error(line);
    process.exit(1);
  },
);
