/**
 * The pure parts of `npm run upgrade`: where the releases live, how two commits compare, which
 * releases to keep, and what a roll-back must restore. The side effects are in scripts/upgrade.ts.
 *
 * The layout: the app's folder (the one setup ran in, which the service's WorkingDirectory names, e.g.
 * /opt/orbit-college) becomes a symbolic link to a release folder beside it,
 * /opt/orbit-college-releases/<id>; switching releases replaces the link in one rename.
 */
import path from 'node:path';
import { type AppService, appCommand, appLogFile, appPidFile, serviceName } from '../setup/app-process.ts';

export const RELEASES_SUFFIX = '-releases';

export interface Layout {
  /** The path the service runs the app from: a link to the current release once upgraded. */
  live: string;
  /** Where the release folders, the upgrade's backups, its state and its lock live. */
  releasesDir: string;
}

/** The layout seen from the folder the upgrade script runs in (its real path, links resolved). */
export function layoutFrom(appDirReal: string): Layout {
  const parent = path.dirname(appDirReal);
  if (path.basename(parent).endsWith(RELEASES_SUFFIX)) {
    const live = path.join(path.dirname(parent), path.basename(parent).slice(0, -RELEASES_SUFFIX.length));
    return { live, releasesDir: parent };
  }
  return { live: appDirReal, releasesDir: `${appDirReal}${RELEASES_SUFFIX}` };
}

/** A release folder's name: when it was made, then the commit, so names sort by age. */
export function releaseId(commit: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/u, '')
    .replace(/[-:T]/gu, '');
  return `${stamp}-${commit.slice(0, 12)}`;
}

export type Verdict = { kind: 'same' } | { kind: 'newer' } | { kind: 'older' } | { kind: 'diverged' };

/**
 * How the target compares with what runs, from git's ancestry: newer when the running commit is an
 * ancestor of the target, older (a downgrade) when the target is an ancestor of the running commit.
 */
export function compareReleases(o: {
  current: string;
  target: string;
  currentIsAncestorOfTarget: boolean;
  targetIsAncestorOfCurrent: boolean;
}): Verdict {
  if (o.current === o.target) return { kind: 'same' };
  if (o.currentIsAncestorOfTarget) return { kind: 'newer' };
  if (o.targetIsAncestorOfCurrent) return { kind: 'older' };
  return { kind: 'diverged' };
}

/** The sentence that refuses a target that is not newer, or undefined when it is. */
export function refusal(verdict: Verdict, current: string, target: string, asked: string): string | undefined {
  const c = current.slice(0, 12);
  const t = target.slice(0, 12);
  switch (verdict.kind) {
    case 'newer':
      return undefined;
    case 'same':
      return `The site already runs ${asked} (${t}): nothing to upgrade.`;
    case 'older':
      return `${asked} (${t}) is older than the release that runs (${c}): upgrade refuses a downgrade. To go back to the release before the last upgrade, run \`npm run upgrade -- --rollback\`.`;
    case 'diverged':
      return `${asked} (${t}) is not a later version of the release that runs (${c}): their histories have split. Name a release that contains ${c}.`;
  }
}

/** The release folders to remove after an upgrade: all but the current and the previous one. */
export function releasesToRemove(all: readonly string[], keep: readonly (string | undefined)[]): string[] {
  return all.filter((id) => !keep.includes(id)).sort();
}

/** Migrations the database ran after the upgrade began: a roll-back must restore the backup if any. */
export function migratedSince(before: readonly string[], now: readonly string[]): string[] {
  return now.filter((name) => !before.includes(name));
}

export interface ServiceCommands {
  stop: string;
  start: string;
  health: string;
}

/**
 * The commands that stop and start the app as upgrade does it: systemd's unit (setup's orbit-college@PORT),
 * or without systemd the service user's process with its pid file and log; then the health check.
 */
export function serviceCommands(s: AppService, live: string): ServiceCommands {
  const health = `curl -fsS http://127.0.0.1:${s.port}/api/health  (until it answers 200 with the release's commit)`;
  if (s.systemd)
    return { stop: `systemctl stop ${serviceName(s.port)}`, start: `systemctl start ${serviceName(s.port)}`, health };
  return {
    stop: `kill -TERM "$(cat ${appPidFile(s)})"  (waits up to 30 s for it to end)`,
    start: `(cd ${live} && env -i $(cat <environment file>) ${appCommand(s.user).join(' ')} >>${appLogFile(s)} 2>&1 &)  (its pid into ${appPidFile(s)})`,
    health,
  };
}

export type DatabaseKind = 'sqlite' | 'postgresql';

/** How a pre-upgrade backup is put back: SQLite's file replaced, or PostgreSQL's schema swapped (pg-database.ts). */
function restoreCommands(o: { backup: string; database: DatabaseKind; dataDir: string }): string[] {
  if (o.database === 'sqlite')
    return [
      `tar -xzf ${o.backup} (checked); mv ${o.dataDir}/orbit.sqlite ${o.dataDir}/orbit.sqlite.<label>-<time>; the backup's orbit.sqlite put in its place`,
      `stored files the backup has and ${o.dataDir}/uploads lacks put back`,
    ];
  return [
    `tar -xzf ${o.backup} (checked)`,
    'BEGIN; ALTER SCHEMA <app schema> RENAME TO orbit_<label>_<time>; CREATE SCHEMA <app schema>; COMMIT',
    'pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname <DATABASE_URL> database.dump  (rows compared with the manifest; on failure the new schema is dropped and the old one renamed back)',
    'pg_dump --format=custom --schema orbit_<label>_<time> --file <releases>/backups/database-<label>-<time>.dump; DROP SCHEMA orbit_<label>_<time> CASCADE',
    `stored files the backup has and ${o.dataDir}/uploads lacks put back (none are removed from a bucket)`,
  ];
}

/** The steps of an upgrade, in order, as --dry-run prints them (each with its commands). */
export function upgradeSteps(o: {
  live: string;
  current: string;
  next: string;
  remote: string;
  commit: string;
  sameLockfile: boolean;
  backup: string;
  service: string;
  serviceCommands: ServiceCommands;
  database: DatabaseKind;
  dataDir: string;
  firstUpgrade: boolean;
}): { name: string; commands: string[] }[] {
  const pg = o.database === 'postgresql';
  return [
    {
      name: `Fetch ${o.commit.slice(0, 12)} into a new release folder (the site keeps running)`,
      commands: [
        ...(pg
          ? [
              'pg_dump and pg_restore found; BEGIN; ALTER SCHEMA <app schema> RENAME TO orbit_rehearsal_<time>; CREATE SCHEMA <app schema>; ROLLBACK  (the role may put a backup back)',
            ]
          : []),
        `git clone --quiet --no-checkout --reference ${o.current} --dissociate ${o.remote} ${o.next}`,
        `git -C ${o.next} checkout --quiet ${o.commit}`,
      ],
    },
    {
      name: o.sameLockfile
        ? 'Dependencies: package-lock.json is unchanged, so the current node_modules is copied (hard links)'
        : 'Dependencies: package-lock.json changed, so they are installed from it',
      commands: o.sameLockfile
        ? [`cp -al ${o.current}/node_modules ${o.next}/node_modules`]
        : [`(cd ${o.next} && npm ci --prefer-offline --no-audit --no-fund)`],
    },
    { name: 'Build the pages', commands: [`(cd ${o.next} && npm run build)`] },
    { name: `Stop ${o.service}`, commands: [o.serviceCommands.stop] },
    {
      name: 'Back up the data (checked), with the site stopped so nothing is missed',
      commands: [
        pg
          ? `npm run backup -- --out ${o.backup}  (pg_dump --format=custom of DATABASE_URL, checked with pg_restore --list; the uploads)`
          : `npm run backup -- --out ${o.backup}`,
      ],
    },
    {
      name: 'Switch to the new release',
      commands: [
        ...(o.firstUpgrade ? [`mv ${o.live} ${o.current}`] : []),
        `ln -sfn ${o.next} ${o.live}  (replaced in one rename)`,
      ],
    },
    {
      name: `Start ${o.service}: it runs the new migrations, then waits for /api/health to answer the new release`,
      commands: [o.serviceCommands.start, o.serviceCommands.health],
    },
    {
      name: 'On any failure: the previous release and the backed-up database are put back and started',
      commands: [
        o.serviceCommands.stop,
        `ln -sfn ${o.current} ${o.live}`,
        ...restoreCommands(o),
        o.serviceCommands.start,
        o.serviceCommands.health,
      ],
    },
  ];
}

/** The steps of `--rollback`, as it prints them before asking (and with --dry-run). */
export function rollbackSteps(o: {
  live: string;
  previous: string;
  /** The pre-upgrade backup to restore: the newer release migrated the database; undefined when it did not. */
  restore: string | undefined;
  database: DatabaseKind;
  dataDir: string;
  serviceCommands: ServiceCommands;
}): string[] {
  return [
    o.serviceCommands.stop,
    ...(o.restore ? restoreCommands({ backup: o.restore, database: o.database, dataDir: o.dataDir }) : []),
    `ln -sfn ${o.previous} ${o.live}  (replaced in one rename)`,
    o.serviceCommands.start,
    o.serviceCommands.health,
  ];
}
