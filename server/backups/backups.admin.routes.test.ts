import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';

let t: AdminTestApp;
const clock = new ManualClock('2026-11-26T05:00:00Z');
beforeAll(async () => {
  t = await createAdminTestApp({}, (s) => s, clock);
});
afterAll(() => t.close());

const auditKinds = async () =>
  (await t.db.selectFrom('audit_log').select(['kind', 'subject']).orderBy('at').execute()).filter((e) =>
    e.kind.startsWith('backup-'),
  );

// On either engine: with DATABASE_URL the test app's env names its PostgreSQL database, and the backup is
// pg_dump's (the round trip through `npm run restore` is tests/ops/pg-backup-restore.test.ts).
const kind = testDatabaseServer() ? 'postgresql' : 'embedded';

describe(`/api/admin/backups for an owner (${kind})`, () => {
  it('makes a checked backup now, lists it and records who made it', async () => {
    const made = await t.asAdmin({ method: 'POST', url: '/api/admin/backups' });
    expect(made.statusCode).toBe(200);
    const run = made.json() as { ok: boolean; file: string; reason: string };
    expect(run).toMatchObject({ ok: true, reason: 'manual', file: 'orbit-backup-2026-11-26T05-00-00-000Z.tar.gz' });

    const list = await t.asAdmin({ method: 'GET', url: '/api/admin/backups' });
    expect(list.json()).toMatchObject({
      folder: path.join(t.dataDir, 'backups'),
      time: '02:30',
      backups: [{ name: run.file, checked: true, keptAs: ['daily', 'weekly', 'monthly'] }],
      lastGood: { file: run.file },
      warnings: [],
    });
    expect(await auditKinds()).toEqual([{ kind: 'backup-made', subject: run.file }]);

    const manifest = path.join(t.dataDir, 'manifest-out');
    fs.mkdirSync(manifest);
    await tar.extract({
      file: path.join(t.dataDir, 'backups', run.file),
      cwd: manifest,
      filter: (p) => p === 'manifest.json',
    });
    expect(JSON.parse(fs.readFileSync(path.join(manifest, 'manifest.json'), 'utf8'))).toMatchObject({ kind });
  });

  it('sends one backup as a download, byte for byte, and audits it', async () => {
    const name = 'orbit-backup-2026-11-26T05-00-00-000Z.tar.gz';
    const res = await t.asAdmin({ method: 'GET', url: `/api/admin/backups/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(t.dataDir, 'backups', name)))).toBe(true);
    expect((await auditKinds()).at(-1)).toEqual({ kind: 'backup-downloaded', subject: name });
  });

  it('answers 404 for a name that is not a backup in the folder, and audits nothing', async () => {
    const before = await auditKinds();
    for (const name of [
      'backup-state.json',
      '..%2F..%2Forbit.sqlite',
      'orbit-backup-2020-01-01T00-00-00-000Z.tar.gz',
    ]) {
      const res = await t.asAdmin({ method: 'GET', url: `/api/admin/backups/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
    expect(await auditKinds()).toEqual(before);
  });
});
