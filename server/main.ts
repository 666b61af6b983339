// First: sets NODE_ENV before anything below imports React (see the file).
import './startup/node-env.ts';
// Then: how far the heap grows between full collections (see the file).
import './startup/heap-growth.ts';
// Then: the files and folders it makes are its user's alone (see the file).
import './startup/private-files.ts';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { PROJECT_ROOT, buildApp } from './app.ts';
import { startBackupSchedule } from './backups/backup.service.ts';
import { systemClock } from './clock.ts';
import { createJobLoop } from './jobs/job-loop.ts';
import { fileOffsetClock } from './test-clock.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { pruneExpired } from './rate-limit/rate-limit.repository.ts';
import { EnvError, type Env, parseEnv } from './env.ts';
import { seedDemoContent } from './seed/seed-demo.ts';
import { explainListenFault } from './startup/listen-faults.ts';
import { refuseToStart } from './startup/refuse-to-start.ts';
import { startDatabase } from './startup/start-database.ts';
import { startLines, startedInTerminal } from './startup/terminal.ts';
import { createStorage, describeStorage } from './storage/create-storage.ts';
import { startStorageSweeps } from './storage/sweep-schedule.ts';
import {
  startDocumentPurges,
  startKeptFileSweeps,
  MOVED_CLOCK_TICK_MS,
  RESULTS_TICK_MS,
  startResultsSchedule,
} from '#server/modules/admission/index.ts';
import { fileOwners } from './modules/media/index.ts';
import { nameNewCollege } from './modules/content/index.ts';

function loadEnv(): Env {
  try {
    return parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** `npm start` on a fresh clone builds the pages first; in a terminal its output is shown only if it fails. */
function ensureBuild(env: Env): void {
  if (env.NODE_ENV === 'development') return;
  if (fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) return;
  console.log('No build found: building the pages once (about a minute)...');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: PROJECT_ROOT,
    stdio: terminal ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (terminal) console.error(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error('The build failed; see the output above.');
    process.exit(1);
  }
}

const env = loadEnv();
const terminal = startedInTerminal();
// The data folder and the database first: a fault there stops the start before a minute of building.
// The app's logger does not exist yet; a bare instance gives the same log lines (the pre-upgrade backup's).
const startLog = Fastify({ logger: { level: terminal ? 'warn' : env.LOG_LEVEL } }).log;
const { db, applied } = await startDatabase(env, startLog).catch((err: unknown) => refuseToStart(err, env));
ensureBuild(env);
const storage = createStorage(env);
// End-to-end tests move the server's clock through a file; a real site never sets TEST_CLOCK_FILE.
const testClockFile = process.env.TEST_CLOCK_FILE;
const clock = testClockFile ? fileOffsetClock(testClockFile) : systemClock;
const app = await buildApp({ env, db, storage, terminal, clock });
if (testClockFile) app.log.warn({ file: testClockFile }, 'the clock is moved by TEST_CLOCK_FILE (for tests only)');

if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
const freshDatabase = applied.includes('0001-initial');
// A name given by `npm run setup -- --name` names a new site before anything is made after it (the demo's
// album is named after the short name); later starts leave the name to the College page.
if (freshDatabase && env.COLLEGE_NAME) {
  const firstStart = { kind: 'system', job: 'first-start' } as const;
  await nameNewCollege(db, { actor: firstStart, at: new Date() }, env.COLLEGE_NAME);
  // A college that gave its name and chose to start empty (`--name … --start-empty`) gets none of the demo's
  // texts either: they describe the demo college. Without a name they stay, as the first start's defaults.
  if (!env.SEED_DEMO) await app.services.demo.remove(firstStart);
  app.log.info('empty data directory: the college is named as COLLEGE_NAME says');
}
if (freshDatabase && env.SEED_DEMO) {
  const seeded = await seedDemoContent(app.services);
  app.log.info(seeded, 'empty data directory: seeded demo content (set SEED_DEMO=false to start empty)');
} else if (freshDatabase) {
  app.log.info('empty data directory: SEED_DEMO=false, starting without demo content');
}

try {
  await bootstrapAdmin(app.services.users, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, app.log);
} catch (err) {
  // Several processes starting at once on one database: another one created the admin first.
  if (!env.ADMIN_EMAIL || !(await app.services.users.exists(env.ADMIN_EMAIL))) throw err;
}

const prune = createJobLoop({
  name: 'pruning',
  tick: () => Promise.all([app.services.auth.pruneExpired(), pruneExpired(db, new Date()), app.services.audit.prune()]),
  intervalMs: 60 * 60 * 1000,
  clock,
  log: app.log,
  failure: 'pruning expired sessions, rate limits and audit entries failed',
});
await prune
  .runOnce()
  .catch((err: unknown) => app.log.error({ err }, 'pruning expired sessions, rate limits and audit entries failed'));
prune.start();

// The files of a demo removal that ended before they were all deleted (a process killed mid-way) go now.
await app.services.demo.finishRemoval();

// Album photos uploaded and not processed yet (also those of a process that ended mid-way) are processed now.
await app.services.photoQueue.start();
// Applicants' documents accepted and not drawn yet (also those of a process that ended mid-way), in arrival order.
await app.services.documentQueue.start();
// An import from WordPress that a stopped process left running is marked stopped (its posts are whole; the
// admin's Import page offers to start it again, which brings over the rest).
const stoppedImports = await app.services.importRuns.stopInterrupted();
if (stoppedImports > 0)
  app.log.warn('an import from WordPress was stopped by the server stopping; start it again from /admin/import');
// The outbox's sender: messages written by events (an inquiry's alert, a reply) go out in the background.
app.services.outbox.start();
if (!(await app.services.messages.ready()).email)
  app.log.warn(
    'E-mail is not set up (no SMTP_URL, and no SMTP server saved on /admin/messages): e-mail messages wait in the outbox until it is',
  );

// Files no row refers to (a crash mid-upload, a delete cut short) are swept now and once a day.
startStorageSweeps(storage, fileOwners(db), app.log, undefined, clock);
// Rejected and withdrawn applicants' documents, once their keeping time after the deadline has passed.
startDocumentPurges(app.services.applicationOffice, app.log, undefined, clock);
// Files refused application forms kept, deleted within the hour.
startKeptFileSweeps(app.services.keptFiles, app.log, undefined, clock);
// Results published at their time, offers lapsed at their deadline, with nobody signed in.
startResultsSchedule(
  app.services.merit,
  app.services.resultsLookup,
  app.services.makeResultsNotice,
  app.log,
  testClockFile ? MOVED_CLOCK_TICK_MS : RESULTS_TICK_MS,
  clock,
);

// The reserve of disk space: made now, and again each minute after a full disk released it and space came back.
createJobLoop({
  name: 'disk reserve',
  tick: () => app.services.ballast.ensure(),
  intervalMs: 60_000,
  clock,
  log: app.log,
  failure: 'the reserve of disk space could not be checked',
}).start();

// The daily backup at BACKUP_TIME in Nepal and the weekly restore drill (SQLite's copy, or pg_dump's).
if (app.services.backups.settings.scheduled) startBackupSchedule(app.services.backups, app.log, undefined, clock);
else app.log.warn('BACKUP_SCHEDULE=false: the server makes no scheduled backups (docs/operations.md)');

/**
 * SIGTERM (systemd, a container runtime, a deploy): /api/health turns 503 so a load balancer stops
 * routing here, the listener closes, requests in flight (uploads included) finish, then the database
 * pool closes and the process exits 0. Connections still busy after SHUTDOWN_TIMEOUT_SECONDS are cut,
 * and the exit code is then 1, so a forced stop shows in the logs and in `systemctl status`.
 */
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.readiness.draining = true;
  const seconds = env.SHUTDOWN_TIMEOUT_SECONDS;
  app.log.info({ signal, timeoutSeconds: seconds }, 'draining: no new connections, finishing the requests in flight');
  // In a terminal the info lines are not shown: say it plainly, on its own line after the ^C.
  if (terminal) console.log('\nStopping: finishing the requests in flight...');
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.error(`requests still in flight after ${seconds} s: closing their connections`);
    app.server.closeAllConnections();
  }, seconds * 1000);
  // A keep-alive connection whose last request has just finished would otherwise hold the close open
  // until its keep-alive timeout: close each one as soon as it is idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'closing the server failed');
  }
  clearInterval(reaper);
  clearTimeout(deadline);
  await db.destroy().catch((err: unknown) => app.log.error({ err }, 'closing the database failed'));
  app.log.info(forced ? 'stopped (forced)' : 'stopped');
  if (terminal) console.log(forced ? `Stopped (requests still running after ${seconds} s were cut).` : 'Stopped.');
  process.exit(forced ? 1 : 0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  // A port in use or not allowed is the person's to fix: one plain paragraph, not a stack trace.
  const explanation = explainListenFault(err, env.HOST, env.PORT);
  if (explanation === undefined) throw err;
  console.error(explanation);
  await db.destroy().catch(() => undefined);
  process.exit(1);
}
app.log.info(
  `The site is running at ${env.siteUrl} (database: ${env.DATABASE_URL ? 'PostgreSQL' : `SQLite in ${env.dataDir}`}; files: ${describeStorage(env)})`,
);
if (terminal) {
  // A fresh install without an account: a one-time link for the first owner, printed to the person only.
  const link = await app.services.staff.firstOwnerLink();
  console.log(startLines(env.siteUrl, link?.path ?? null).join('\n'));
} else if (!(await app.services.users.all()).length) {
  // Without a terminal the link would land in a log file: point to the ways that need none.
  app.log.warn(
    'no admin account yet: start once in a terminal (npm start) for a one-time link, or set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin -- create EMAIL`',
  );
}
