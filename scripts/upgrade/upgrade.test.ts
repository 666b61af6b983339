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
  upgradeSteps,
} from './plan.ts';

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
    });
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
    expect(commands).toContain('(cd /opt/orbit-college-releases/2-b && npm ci --no-audit --no-fund)');
    expect(commands).toContain('mv /opt/orbit-college /opt/orbit-college-releases/1-a');
  });
});
