/**
 * Backups made by the server itself: daily at a quiet hour in Nepal time, on the owner's demand and
 * before an upgrade; kept by a rule; checked after writing and, once a week, by a restore drill. The
 * embedded install (SQLite + uploads folder) and the PostgreSQL one (pg_dump + its bucket or folder).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_STALE_HOURS,
  type BackupListing,
  type BackupReason,
  type BackupRun,
  type BackupStatus,
  type BackupWarning,
  DISK_LOW_BYTES,
  DISK_LOW_FRACTION,
  type DiskSpace,
  type DiskUsage,
  type DrillRun,
  backupName,
  backupTime,
} from '#common/backups.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import { createJobLoop } from '#server/jobs/job-loop.ts';
import type { DamageFound } from '#server/db/damage-watch.ts';
import { sqliteFile } from '#server/db/db.ts';
import { BALLAST_FILE } from '#server/storage/ballast.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import type { Env } from '#server/env.ts';
import { takeLock } from './backup-lock.ts';
import { type BackupState, readState, recordDrill, recordOffsite, recordRun, writeState } from './backup-state.ts';
import { restoreDrill } from './restore-drill.ts';
import { type Offsite, offsiteFailure } from './offsite.ts';
import { type KeepRule, retained } from './retention.ts';
import { lastScheduledAt, nextScheduledAt } from './schedule.ts';
import { PARTIAL_SUFFIX, STAGING_PREFIX, writeBackup } from './write-backup.ts';
import { type PgBackupSource, pgBackupSource, writePgBackup } from './write-pg-backup.ts';

export interface BackupSettings {
  /** SQLite and the uploads folder in DATA_DIR; else PostgreSQL (`pg`) with a bucket or the uploads folder. */
  embedded: boolean;
  pg: PgBackupSource | undefined;
  dataDir: string;
  /** The backup folder (BACKUP_DIR, or DATA_DIR/backups). */
  dir: string;
  /** HH:MM in Nepal. */
  time: string;
  keep: KeepRule;
  /** Scheduled backups and drills on (BACKUP_SCHEDULE); backups by hand and before upgrades work either way. */
  scheduled: boolean;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const HOUR_MS = 60 * 60 * 1000;
const DRILL_EVERY_MS = 7 * 24 * HOUR_MS;
/** A failed scheduled backup is tried again this long after. */
const RETRY_AFTER_MS = HOUR_MS;

/** Why a folder could not be used, in words: the error's code and its message. */
const describe = (err: unknown): string => {
  const e = err as NodeJS.ErrnoException;
  if (e.name === 'BackupError') return e.message;
  // SQLite says it as SQLITE_FULL when the copy of the database is what fills the disk.
  if (e.code === 'ENOSPC' || e.code === 'SQLITE_FULL') return 'The disk is full; no backup was kept.';
  if (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS' || e.code === 'ENOTDIR' || e.code === 'EEXIST')
    return `The backup folder cannot be written (${e.code}${e.path ? `: ${e.path}` : ''}).`;
  return e.message ?? String(err);
};

export async function diskSpace(dir: string): Promise<DiskSpace> {
  const s = await fs.statfs(dir);
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

export const backupSettings = (env: Env): BackupSettings => ({
  embedded: !env.DATABASE_URL,
  pg: pgBackupSource(env),
  dataDir: env.dataDir,
  dir: env.backupDir,
  time: env.BACKUP_TIME,
  keep: env.BACKUP_KEEP,
  scheduled: env.BACKUP_SCHEDULE,
});

export interface BackupDeps {
  /** How free space is measured (tests give a nearly full disk). */
  measure?: (dir: string) => Promise<DiskSpace>;
  /** The off-site bucket, when BACKUP_S3_BUCKET is set. */
  offsite?: Offsite | undefined;
  /** Damage met in the database file while the server ran (SQLite only). */
  damage?: (() => DamageFound | null) | undefined;
}

export function createBackupService(
  settings: BackupSettings,
  clock: Clock,
  log: Log,
  { measure = diskSpace, offsite, damage = () => null }: BackupDeps = {},
) {
  const { dir, dataDir } = settings;
  /** When this process started watching the clock: a scheduled time before it is not caught up on a fresh folder. */
  const armedAt = clock.now();
  /** Runs that could not be written to the record (an unwritable folder): still shown and reported. */
  const unrecorded: BackupRun[] = [];
  let running: Promise<BackupRun> | undefined;

  const state = async (): Promise<BackupState> => {
    try {
      return await readState(dir, clock.now());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOTDIR' && (err as NodeJS.ErrnoException).code !== 'EACCES')
        log.error({ err, dir }, 'the backup record cannot be read');
      return { since: armedAt.toISOString(), runs: [], drills: [] };
    }
  };

  /** Lists the archives in the folder (never a partial file), newest first. */
  async function archives(): Promise<{ name: string; createdAt: Date; bytes: number }[]> {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
        return [];
      throw err;
    }
    const found = [];
    for (const name of names) {
      const createdAt = backupTime(name);
      if (!createdAt) continue;
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      if (stat?.isFile()) found.push({ name, createdAt, bytes: stat.size });
    }
    return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /**
   * Removes what a backup killed half-way left behind: partial archives and working folders. Called with
   * the lock held; answers whether there was any.
   */
  async function cleanLeftovers(): Promise<boolean> {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
    let found = false;
    for (const name of names) {
      if (name.endsWith(PARTIAL_SUFFIX) || name.startsWith(STAGING_PREFIX)) {
        await fs.rm(path.join(dir, name), { recursive: true, force: true });
        log.warn({ file: name }, 'removed what an interrupted backup left behind');
        found = true;
      }
    }
    return found;
  }

  /**
   * At start: a backup interrupted by the end of the process (killed, a power cut) left its partial
   * file behind; it is removed and the backup made again now.
   */
  async function recover(): Promise<BackupRun | undefined> {
    let interrupted: boolean;
    try {
      const lock = await takeLock(dir);
      if ('holder' in lock) return undefined;
      try {
        interrupted = await cleanLeftovers();
      } finally {
        await lock.held.release();
      }
    } catch (err) {
      if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw err;
    }
    if (!interrupted) return undefined;
    log.warn({ dir }, 'a backup was interrupted: making it again');
    return backUp('scheduled');
  }

  async function applyRetention(): Promise<void> {
    const all = await archives();
    const keep = retained(all, settings.keep);
    for (const backup of all) {
      if (keep.has(backup.name)) continue;
      await fs.rm(path.join(dir, backup.name), { force: true });
      log.info({ file: backup.name }, 'old backup removed by the retention rule');
    }
  }

  /**
   * Copies the archive `file` to the off-site bucket (tries again after waits), then applies the
   * retention rule there. Never throws: the result says, and the local backup stays good either way.
   */
  async function copyOffsite(file: string): Promise<NonNullable<BackupRun['offsite']>> {
    if (!offsite) throw new Error('No off-site bucket is set');
    let tries = 0;
    try {
      tries = await offsite.upload(path.join(dir, file), file, (attempt, err) => {
        tries = attempt;
        log.warn({ file, attempt, err }, 'copying the backup to the off-site bucket failed; trying again');
      });
      const removed = await offsite.prune(settings.keep);
      log.info({ file, bucket: offsite.bucket, tries, removed }, 'backup copied off-site and checked');
      return { at: clock.now().toISOString(), ok: true, tries };
    } catch (err) {
      log.error({ file, bucket: offsite.bucket, tries, err }, 'the backup could not be copied off-site');
      return {
        at: clock.now().toISOString(),
        ok: false,
        tries,
        error: `The copy to the bucket ${offsite.bucket} failed after ${tries} tries: ${offsiteFailure(err)}`,
      };
    }
  }

  async function attempt(reason: BackupReason): Promise<BackupRun> {
    const startedAt = clock.now();
    const failed = (error: string): BackupRun => ({
      reason,
      startedAt: startedAt.toISOString(),
      finishedAt: clock.now().toISOString(),
      ok: false,
      error,
    });
    // A folder that cannot be written cannot hold the record either: the failure is kept in memory.
    const unwritable = (err: unknown): BackupRun => {
      const run = failed(describe(err));
      unrecorded.push(run);
      return run;
    };
    try {
      await fs.mkdir(dir, { recursive: true });
    } catch (err) {
      return unwritable(err);
    }
    let lock;
    try {
      lock = await takeLock(dir);
    } catch (err) {
      return unwritable(err);
    }
    // Not recorded: the backup that holds the lock records its own result.
    if ('holder' in lock)
      return failed(`Another backup is running (process ${lock.holder}); this one was not started.`);
    try {
      await cleanLeftovers();
      let run: BackupRun;
      try {
        const name = backupName(startedAt);
        const out = path.join(dir, name);
        const written = settings.pg
          ? await writePgBackup(settings.pg, out, startedAt)
          : await writeBackup(dataDir, out, startedAt);
        run = {
          reason,
          startedAt: startedAt.toISOString(),
          finishedAt: clock.now().toISOString(),
          ok: true,
          file: name,
          bytes: written.bytes,
          sha256: written.sha256,
          rows: Object.values(written.manifest.tables).reduce((a, b) => a + b, 0),
          files: written.manifest.files,
        };
      } catch (err) {
        log.error({ err, reason }, 'backup failed');
        run = failed(describe(err));
      }
      try {
        await writeState(dir, recordRun(await state(), run));
      } catch (err) {
        log.error({ err, dir }, 'the backup record cannot be written');
        unrecorded.push(run);
      }
      if (run.ok) {
        await applyRetention();
        if (offsite && run.file) {
          run.offsite = await copyOffsite(run.file);
          await writeState(dir, recordOffsite(await state(), run.file, run.offsite));
        }
      }
      return run;
    } finally {
      await lock.held.release();
    }
  }

  /** One backup, checked, recorded, followed by the retention rule; never throws, the result says. */
  async function backUp(reason: BackupReason): Promise<BackupRun> {
    // In one process, a second request waits for the backup already running and shares its result.
    if (running) return running;
    running = (async () => {
      let run: BackupRun;
      try {
        run = await attempt(reason);
      } catch (err) {
        run = {
          reason,
          startedAt: clock.now().toISOString(),
          finishedAt: clock.now().toISOString(),
          ok: false,
          error: describe(err),
        };
        unrecorded.push(run);
        log.error({ err, reason, dir }, 'the backup could not be recorded');
      }
      if (run.ok) log.info({ file: run.file, bytes: run.bytes, reason }, 'backup written and checked');
      else log.error({ reason, error: run.error, dir }, 'backup not made');
      return run;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  /** The newest backup restored into a scratch folder and compared with its manifest; recorded. */
  async function runDrill(): Promise<DrillRun | undefined> {
    const newest = (await archives())[0];
    if (!newest) return undefined;
    const lock = await takeLock(dir);
    if ('holder' in lock) return undefined;
    try {
      const pg = settings.pg && { databaseUrl: settings.pg.databaseUrl, pgDumpPath: settings.pg.pgDumpPath };
      const drill = await restoreDrill(path.join(dir, newest.name), dir, clock.now(), pg);
      if (drill.ok) log.info({ file: drill.file, rows: drill.rows, files: drill.files }, 'restore drill passed');
      else log.error({ file: drill.file, error: drill.error }, 'restore drill failed');
      await writeState(dir, recordDrill(await state(), drill));
      return drill;
    } finally {
      await lock.held.release();
    }
  }

  const allRuns = (s: BackupState): BackupRun[] =>
    [...s.runs, ...unrecorded].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));

  /** The off-site copy of the last good backup tried again, when it failed at least an hour ago. */
  async function retryOffsite(s: BackupState, now: Date): Promise<void> {
    const lastGood = s.runs.filter((r) => r.ok && r.file).at(-1);
    const failed = lastGood?.offsite && !lastGood.offsite.ok ? lastGood.offsite : undefined;
    if (!offsite || !lastGood?.file || !failed) return;
    if (now.getTime() - new Date(failed.at).getTime() < RETRY_AFTER_MS) return;
    if (!(await findArchive(lastGood.file))) return;
    const lock = await takeLock(dir);
    if ('holder' in lock) return;
    try {
      const copy = await copyOffsite(lastGood.file);
      await writeState(dir, recordOffsite(await state(), lastGood.file, copy));
    } finally {
      await lock.held.release();
    }
  }

  /**
   * Called every minute: the scheduled backup when its time has come, then the drill when a week is up;
   * a failed off-site copy tried again hourly.
   */
  async function tick(): Promise<void> {
    if (!settings.scheduled) return;
    const now = clock.now();
    const due = lastScheduledAt(now, settings.time);
    const s = await state();
    const last = allRuns(s)
      .filter((r) => r.reason === 'scheduled')
      .at(-1);
    const lastAt = last ? new Date(last.startedAt) : armedAt;
    const retry = last && !last.ok && now.getTime() - new Date(last.finishedAt).getTime() >= RETRY_AFTER_MS;
    if (due > lastAt || retry) {
      const run = await backUp('scheduled');
      if (!run.ok) return;
      const lastDrill = (await state()).drills.at(-1);
      if (!lastDrill || now.getTime() - new Date(lastDrill.at).getTime() >= DRILL_EVERY_MS) await runDrill();
      return;
    }
    await retryOffsite(s, now);
  }

  async function readStatus(): Promise<BackupStatus> {
    const now = clock.now();
    const s = await state();
    const runs = allRuns(s);
    const list = await archives();
    const keep = retained(list, settings.keep);
    const checked = new Map(runs.filter((r) => r.ok && r.file).map((r) => [r.file!, r]));
    const backups: BackupListing[] = list.map((b) => ({
      name: b.name,
      createdAt: b.createdAt.toISOString(),
      bytes: b.bytes,
      checked: checked.has(b.name),
      ...(checked.get(b.name)?.sha256 ? { sha256: checked.get(b.name)!.sha256 } : {}),
      keptAs: keep.get(b.name) ?? [],
    }));
    const present = new Set(list.map((b) => b.name));
    const lastGood = runs.filter((r) => r.ok && r.file && present.has(r.file)).at(-1) ?? null;
    const lastRun = runs.at(-1) ?? null;
    const lastDrill = s.drills.at(-1) ?? null;
    // The data folder's disk (the database and uploads grow there) and the backups' (often another one).
    const disk = await measure(dataDir);
    const backupDisk = await measure(await nearestExisting(dir));

    const warnings: BackupWarning[] = [];
    const damaged = damage();
    if (damaged)
      warnings.push({
        code: 'database-damaged',
        message: `The database file is damaged (${damaged.detail}), so the site saves nothing and its pages may fail. Restore the last good backup (docs/operations.md); the backups made before the damage are kept.`,
      });
    const staleMs = BACKUP_STALE_HOURS * HOUR_MS;
    if (lastGood) {
      if (now.getTime() - new Date(lastGood.finishedAt).getTime() > staleMs)
        warnings.push({
          code: 'backup-stale',
          message: `The last good backup is more than ${BACKUP_STALE_HOURS} hours old.`,
        });
    } else if (now.getTime() - new Date(s.since).getTime() > staleMs) {
      warnings.push({
        code: 'backup-stale',
        message: `No backup has been made in the last ${BACKUP_STALE_HOURS} hours.`,
      });
    }
    if (lastRun && !lastRun.ok)
      warnings.push({
        code: 'backup-failed',
        message: `The last backup failed: ${lastRun.error ?? 'no reason recorded'}`,
      });
    if (offsite && lastGood?.offsite && !lastGood.offsite.ok)
      warnings.push({
        code: 'offsite-failed',
        message: `${lastGood.offsite.error ?? 'The off-site copy of the last backup failed.'} The backup on this machine is good; the copy is tried again every hour.`,
      });
    if (lastDrill && !lastDrill.ok)
      warnings.push({
        code: 'drill-failed',
        message: `The last restore drill failed (${lastDrill.file}): ${lastDrill.error ?? 'no reason recorded'}`,
      });
    const low = (d: DiskSpace) => d.freeBytes < DISK_LOW_BYTES || d.freeBytes < d.totalBytes * DISK_LOW_FRACTION;
    const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(1);
    if (low(disk))
      warnings.push({
        code: 'disk-low',
        message: `The disk of the site's data is nearly full: ${gb(disk.freeBytes)} GB free of ${gb(disk.totalBytes)} GB.`,
      });
    else if (low(backupDisk))
      warnings.push({
        code: 'disk-low',
        message: `The disk of the backups is nearly full: ${gb(backupDisk.freeBytes)} GB free of ${gb(backupDisk.totalBytes)} GB.`,
      });
    return {
      scheduled: settings.scheduled,
      folder: dir,
      time: settings.time,
      nextAt: settings.scheduled ? nextScheduledAt(now, settings.time).toISOString() : null,
      backups,
      lastGood,
      lastRun,
      lastDrill,
      offsite: offsite
        ? { bucket: offsite.bucket, lastCopyAt: runs.filter((r) => r.offsite?.ok).at(-1)?.offsite?.at ?? null }
        : null,
      disk,
      warnings,
    };
  }

  /**
   * What takes room: the database, the uploads, the backups and the reserve. Walks the uploads folder, so
   * only the Backups page asks (not the banner of every admin page, nor /api/health).
   */
  async function readDiskUsage(): Promise<DiskUsage> {
    const file = sqliteFile(dataDir);
    const sizes = await Promise.all(
      [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, BALLAST_FILE)].map((f) => sizeOf(f)),
    );
    return {
      databaseBytes: settings.embedded ? sizes[0]! + sizes[1]! + sizes[2]! : 0,
      uploadsBytes: await folderBytes(uploadsDir(dataDir)),
      backupsBytes: (await archives()).reduce((sum, b) => sum + b.bytes, 0),
      reserveBytes: sizes[3]!,
    };
  }

  /** The path of the archive named `name` in the backup folder, or undefined when there is none. */
  async function findArchive(name: string): Promise<string | undefined> {
    if (!backupTime(name)) return undefined;
    return (await archives()).some((b) => b.name === name) ? path.join(dir, name) : undefined;
  }

  // A backup holds every applicant's documents and the staff's password hashes: whoever asks for one, for its
  // listing or for the disk's figures must be let through by the policy, in the service and not only at the route.
  // The schedule (tick, recover, the drill) is the server's own work and asks nobody.
  return {
    settings,
    runDrill,
    tick,
    recover,
    async runBackup(actor: Actor, reason: BackupReason): Promise<BackupRun> {
      authorize(actor, 'backups.manage');
      return backUp(reason);
    },
    async status(actor: Actor): Promise<BackupStatus> {
      authorize(actor, 'backups.manage');
      return readStatus();
    },
    async diskUsage(actor: Actor): Promise<DiskUsage> {
      authorize(actor, 'backups.manage');
      return readDiskUsage();
    },
    async archivePath(actor: Actor, name: string): Promise<string | undefined> {
      authorize(actor, 'backups.manage');
      return findArchive(name);
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

const sizeOf = (file: string): Promise<number> =>
  fs.stat(file).then(
    (s) => s.size,
    () => 0,
  );

/** The bytes of every file under `dir` (0 when it is missing). */
async function folderBytes(dir: string): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let total = 0;
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  for (let i = 0; i < files.length; i += 64)
    total += (await Promise.all(files.slice(i, i + 64).map((f) => sizeOf(f)))).reduce((a, b) => a + b, 0);
  return total;
}

/** The folder itself, or the closest parent that exists: where free space is measured before the first backup. */
async function nearestExisting(dir: string): Promise<string> {
  let at = dir;
  for (;;) {
    try {
      if ((await fs.stat(at)).isDirectory()) return at;
    } catch {
      // Not there (yet): measure its parent.
    }
    const parent = path.dirname(at);
    if (parent === at) return at;
    at = parent;
  }
}

/**
 * Makes again a backup the last process was killed during, then ticks the backup schedule every minute,
 * without holding up the start.
 */
export function startBackupSchedule(
  service: Pick<BackupService, 'recover' | 'tick'>,
  log: Log,
  intervalMs = 60_000,
  clock?: Clock,
): { stop: () => void } {
  let recovered = false;
  const tick = async () => {
    if (!recovered) {
      recovered = true;
      await service.recover().catch((err: unknown) => log.error({ err }, 'checking for an interrupted backup failed'));
    }
    await service.tick();
  };
  const failure = 'the backup schedule failed; it tries again in a minute';
  const ticking = createJobLoop({ name: 'backup schedule', tick, intervalMs, clock, log, failure }).start();
  return { stop: () => void ticking.stop() };
}
