import { describe, expect, it } from 'vitest';
import { UsageError } from '../setup/args.ts';
import { parseUpgradeArgs } from './args.ts';
import {
  compareReleases,
  layoutFrom,
  migratedSince,
  refusal,
  releaseId,
  releasesToRemove,
  rollbackSteps,
  serviceCommands,
  upgradeSteps,
} from './plan.ts';
import { asideSchemaName } from './pg-database.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('parseUpgradeArgs', () => {
  it('defaults to the latest of the branch, under systemd, as setup installs', () => {
    expect(parseUpgradeArgs([])).toEqual({
      target: undefined,
      rollback: false,
      dryRun: false,
      yes: false,
      systemd: true,
      port: undefined,
      user: 'orbit',
      prefix: '/',
      appDir: undefined,
    });
  });

  it('reads a release and every flag', () => {
    expect(
      parseUpgradeArgs([
        'v2.1',
        '--dry-run',
        '--yes',
        '--no-systemd',
        '--port',
        '4000',
        '--user=orbit2',
        '--prefix',
        '/x',
      ]),
    ).toEqual({
      target: 'v2.1',
      rollback: false,
      dryRun: true,
      yes: true,
      systemd: false,
      port: 4000,
      user: 'orbit2',
      prefix: '/x',
      appDir: undefined,
    });
    expect(parseUpgradeArgs(['--app-dir', '/opt/orbit-college']).appDir).toBe('/opt/orbit-college');
    expect(parseUpgradeArgs(['--rollback']).rollback).toBe(true);
  });

  it('refuses what it cannot mean, with the usage', () => {
    expect(() => parseUpgradeArgs(['--rollback', 'v2'])).toThrow(/name no release/u);
    expect(() => parseUpgradeArgs(['v1', 'v2'])).toThrow(UsageError);
    expect(() => parseUpgradeArgs(['--force'])).toThrow(/Usage: npm run upgrade/u);
    expect(() => parseUpgradeArgs(['--upload-pack=x'])).toThrow(UsageError);
    expect(() => parseUpgradeArgs(['-c'])).toThrow(UsageError);
    expect(() => parseUpgradeArgs(['../etc'])).toThrow(/not a tag, branch or commit/u);
    expect(() => parseUpgradeArgs(['--port', '80'])).toThrow(/--port/u);
    expect(() => parseUpgradeArgs(['--prefix', 'rel'])).toThrow(/absolute/u);
    expect(() => parseUpgradeArgs(['--app-dir', 'opt/orbit-college'])).toThrow(/--app-dir must be an absolute/u);
  });
});

describe('layoutFrom', () => {
  it('a folder setup ran in: its releases go beside it', () => {
    expect(layoutFrom('/opt/orbit-college')).toEqual({
      live: '/opt/orbit-college',
      releasesDir: '/opt/orbit-college-releases',
    });
  });

  it('a release folder: the app folder is the link beside the releases folder', () => {
    expect(layoutFrom('/opt/orbit-college-releases/20261126080000-aaaaaaaaaaaa')).toEqual({
      live: '/opt/orbit-college',
      releasesDir: '/opt/orbit-college-releases',
    });
  });
});

describe('releaseId', () => {
  it('is the time, then the commit, so names sort by age', () => {
    expect(releaseId(A, new Date('2026-11-26T08:01:02.345Z'))).toBe('20261126080102-aaaaaaaaaaaa');
  });
});

describe('compareReleases and refusal', () => {
  const compare = (currentIsAncestorOfTarget: boolean, targetIsAncestorOfCurrent: boolean, target = B) =>
    compareReleases({ current: A, target, currentIsAncestorOfTarget, targetIsAncestorOfCurrent });

  it('a target that contains what runs is newer, and goes ahead', () => {
    expect(compare(true, false)).toEqual({ kind: 'newer' });
    expect(refusal(compare(true, false), A, B, 'v2')).toBeUndefined();
  });

  it('the same commit: nothing to do', () => {
    expect(compare(true, true, A)).toEqual({ kind: 'same' });
    expect(refusal({ kind: 'same' }, A, A, 'v1')).toContain('already runs v1');
  });

  it('refuses a downgrade, pointing at --rollback', () => {
    expect(compare(false, true)).toEqual({ kind: 'older' });
    expect(refusal({ kind: 'older' }, A, B, 'v0')).toMatch(/refuses a downgrade.*--rollback/u);
  });

  it('refuses a release on another line of history', () => {
    expect(compare(false, false)).toEqual({ kind: 'diverged' });
    expect(refusal({ kind: 'diverged' }, A, B, 'fork')).toContain('histories have split');
  });
});

describe('releasesToRemove', () => {
  it('keeps the current and the previous release only', () => {
    expect(releasesToRemove(['3', '1', '2', '4'], ['4', '3'])).toEqual(['1', '2']);
    expect(releasesToRemove(['1', '2'], ['2', undefined])).toEqual(['1']);
  });
});

describe('migratedSince', () => {
  it('names the migrations run after the upgrade began', () => {
    expect(migratedSince(['0001', '0002'], ['0001', '0002', '0003'])).toEqual(['0003']);
    expect(migratedSince(['0001'], ['0001'])).toEqual([]);
  });
});

describe('serviceCommands', () => {
  const service = { port: 3000, user: 'orbit', runDir: '/run/orbit-college' };

  it('under systemd: the unit setup installs, stopped and started with systemctl', () => {
    expect(serviceCommands({ ...service, systemd: true }, '/opt/orbit-college')).toEqual({
      stop: 'systemctl stop orbit-college@3000',
      start: 'systemctl start orbit-college@3000',
      health: "curl -fsS http://127.0.0.1:3000/api/health  (until it answers 200 with the release's commit)",
    });
  });

  it('without systemd: the pid file, and the server started as the service user from the app folder', () => {
    const c = serviceCommands({ ...service, systemd: false }, '/opt/orbit-college');
    expect(c.stop).toBe('kill -TERM "$(cat /run/orbit-college/app.pid)"  (waits up to 30 s for it to end)');
    expect(c.start).toMatch(/^\(cd \/opt\/orbit-college && env -i .* setpriv --reuid=orbit --regid=orbit /u);
    expect(c.start).toContain('server/start.mjs >>/run/orbit-college/app.log 2>&1 &)');
  });
});

describe('upgradeSteps', () => {
  const o = {
    live: '/opt/orbit-college',
    current: '/opt/orbit-college-releases/1-a',
    next: '/opt/orbit-college-releases/2-b',
    remote: 'https://example.org/orbit.git',
    commit: B,
    sameLockfile: true,
    backup: '/opt/orbit-college-releases/backups/before-2-b.tar.gz',
    service: 'the service orbit-college@3000',
    serviceCommands: serviceCommands(
      { systemd: true, port: 3000, user: 'orbit', runDir: '/run/orbit-college' },
      '/opt/orbit-college',
    ),
    database: 'sqlite' as const,
    dataDir: '/var/lib/orbit-college',
    firstUpgrade: false,
  };

  it('builds before it stops, backs up with the site stopped, and says how it puts things back', () => {
    const names = upgradeSteps(o).map((s) => s.name);
    expect(names.findIndex((n) => n.startsWith('Build'))).toBeLessThan(names.findIndex((n) => n.startsWith('Stop')));
    expect(names.findIndex((n) => n.startsWith('Stop'))).toBeLessThan(names.findIndex((n) => n.startsWith('Back up')));
    expect(names.at(-1)).toContain('On any failure');
    const commands = upgradeSteps(o).flatMap((s) => s.commands);
    expect(commands).toContain(
      'cp -al /opt/orbit-college-releases/1-a/node_modules /opt/orbit-college-releases/2-b/node_modules',
    );
    expect(commands).not.toContain('mv /opt/orbit-college /opt/orbit-college-releases/1-a');
  });

  it('installs from the lockfile when it changed, and moves a plain folder aside on the first upgrade', () => {
    const commands = upgradeSteps({ ...o, sameLockfile: false, firstUpgrade: true }).flatMap((s) => s.commands);
    expect(commands).toContain('(cd /opt/orbit-college-releases/2-b && npm ci --prefer-offline --no-audit --no-fund)');
    expect(commands).toContain('mv /opt/orbit-college /opt/orbit-college-releases/1-a');
  });

  it('runs systemctl under systemd, in the order stop, back up, switch, start, health', () => {
    const commands = upgradeSteps(o).flatMap((s) => s.commands);
    const at = (prefix: string) => commands.findIndex((c) => c.startsWith(prefix));
    expect(at('systemctl stop orbit-college@3000')).toBeGreaterThan(
      at('(cd /opt/orbit-college-releases/2-b && npm run build)'),
    );
    expect(at('npm run backup -- --out')).toBeGreaterThan(at('systemctl stop'));
    expect(at('ln -sfn /opt/orbit-college-releases/2-b')).toBeGreaterThan(at('npm run backup'));
    expect(at('systemctl start orbit-college@3000')).toBeGreaterThan(at('ln -sfn /opt/orbit-college-releases/2-b'));
    expect(at('curl -fsS http://127.0.0.1:3000/api/health')).toBeGreaterThan(at('systemctl start'));
    // Putting back: the previous folder linked, the SQLite file replaced (kept aside), started again.
    const putBack = upgradeSteps(o).at(-1)!.commands;
    expect(putBack[0]).toBe('systemctl stop orbit-college@3000');
    expect(putBack).toContain('ln -sfn /opt/orbit-college-releases/1-a /opt/orbit-college');
    expect(putBack.join('\n')).toContain('orbit.sqlite.<label>-<time>');
    expect(putBack.at(-2)).toBe('systemctl start orbit-college@3000');
  });

  it('on PostgreSQL: rehearses the swap before the site is touched, backs up with pg_dump, restores by swapping schemas', () => {
    const steps = upgradeSteps({ ...o, database: 'postgresql' });
    expect(steps[0]!.commands[0]).toContain('ROLLBACK');
    expect(steps.flatMap((s) => s.commands).find((c) => c.startsWith('npm run backup'))).toContain(
      'pg_dump --format=custom',
    );
    const putBack = steps.at(-1)!.commands.join('\n');
    expect(putBack).toContain('ALTER SCHEMA <app schema> RENAME TO orbit_<label>_<time>');
    expect(putBack).toContain('pg_restore --no-owner --no-privileges --exit-on-error --single-transaction');
    expect(putBack).not.toContain('orbit.sqlite');
  });
});

describe('rollbackSteps', () => {
  const o = {
    live: '/opt/orbit-college',
    previous: '/opt/orbit-college-releases/1-a',
    restore: '/opt/orbit-college-releases/backups/before-2-b.tar.gz',
    database: 'postgresql' as const,
    dataDir: '/var/lib/orbit-college',
    serviceCommands: serviceCommands(
      { systemd: true, port: 3000, user: 'orbit', runDir: '/run/orbit-college' },
      '/opt/orbit-college',
    ),
  };

  it('stops, restores the pre-upgrade backup when the newer release migrated, switches back and starts', () => {
    const steps = rollbackSteps(o);
    expect(steps[0]).toBe('systemctl stop orbit-college@3000');
    expect(steps[1]).toBe('tar -xzf /opt/orbit-college-releases/backups/before-2-b.tar.gz (checked)');
    expect(steps.some((s) => s.startsWith('pg_restore'))).toBe(true);
    expect(steps.at(-3)).toBe('ln -sfn /opt/orbit-college-releases/1-a /opt/orbit-college  (replaced in one rename)');
    expect(steps.at(-2)).toBe('systemctl start orbit-college@3000');
  });

  it('keeps the database when the newer release did not migrate it', () => {
    expect(rollbackSteps({ ...o, restore: undefined })).toHaveLength(4);
  });
});

describe('asideSchemaName', () => {
  it('names the label and the time, as PostgreSQL needs no quoting for', () => {
    expect(asideSchemaName('failed-upgrade', new Date('2026-11-26T12:01:02.5Z'))).toBe(
      'orbit_failed_upgrade_20261126120102',
    );
  });
});
