import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_DAMAGED } from '#common/api-error.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { sqliteFile } from './db.ts';

const PAGE = 4096;
const ROWS = 3000;
const PER_PAGE = 50;

/**
 * Fills the audit log through a connection of its own, moves everything into the main file, and overwrites
 * 8 KB in the middle of the file, starting at a page of the audit log's rows: the running server has not
 * read those pages yet, so the damage shows only when a request reads them, as on a real disk.
 */
function damageTheMiddle(dataDir: string): void {
  const file = sqliteFile(dataDir);
  const raw = new SQLite(file);
  const insert = raw.prepare(
    "insert into audit_log (id, at, actor_name, kind, subject, address) values (?, ?, 'Filler', 'backup-made', ?, '127.0.0.1')",
  );
  raw.transaction(() => {
    for (let i = 0; i < ROWS; i++)
      insert.run(randomUUID(), new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), 'x'.repeat(300));
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const pages = (
    raw.prepare("select pageno from dbstat where name = 'audit_log' and pagetype = 'leaf' order by pageno").all() as {
      pageno: number;
    }[]
  ).map((r) => r.pageno);
  const total = (raw.pragma('page_count', { simple: true }) as number) / 2;
  raw.close();
  const middle = pages.reduce((best, p) => (Math.abs(p - total) < Math.abs(best - total) ? p : best));
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(2 * PAGE, 0x5a), 0, 2 * PAGE, (middle - 1) * PAGE);
  fs.closeSync(fd);
}

// Only an SQLite file can be damaged under the server; PostgreSQL keeps its own files.
describe.skipIf(testDatabaseServer())('a database file damaged while the server runs', () => {
  let t: AdminTestApp;
  const clock = new ManualClock('2026-11-26T05:00:00Z');
  beforeAll(async () => {
    t = await createAdminTestApp({}, (s) => s, clock);
  });
  afterAll(() => t.close());

  it('before the damage is met, health is ok and a good backup is made', async () => {
    expect((await t.anonymous({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
    const made = await t.asAdmin({ method: 'POST', url: '/api/admin/backups' });
    expect(made.json()).toMatchObject({ ok: true });
  });

  it('a request that reads a damaged page fails; then health fails, writes are refused and owners are warned', async () => {
    damageTheMiddle(t.dataDir);
    // Still ok until a damaged page is read: the file is only known damaged once something meets it.
    expect((await t.anonymous({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let page = 1; page <= Math.ceil(ROWS / PER_PAGE) + 1; page++) {
      const res = await t.asAdmin({ method: 'GET', url: `/api/admin/audit?page=${page}` });
      statuses.push(res.statusCode);
      if (res.statusCode !== 200) {
        // SQLite's words stay in the log; the answer is the plain 500.
        expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
        expect(res.body).not.toMatch(/malformed/u);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(500);

    const health = await t.anonymous({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'damaged', database: false });

    // A write into the damaged file is refused with the plain sentence, and nothing is written.
    const secretsBefore = await t.db.selectFrom('users').select('two_factor_pending_secret').execute();
    const write = await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/setup' });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual({ error: DATABASE_DAMAGED });
    expect(await t.db.selectFrom('users').select('two_factor_pending_secret').execute()).toEqual(secretsBefore);

    const status = (await t.asAdmin({ method: 'GET', url: '/api/admin/backups' })).json() as {
      warnings: { code: string; message: string }[];
      backups: { name: string }[];
    };
    expect(status.warnings.map((w) => w.code)).toContain('database-damaged');
    expect(status.warnings.find((w) => w.code === 'database-damaged')?.message).toMatch(
      /^The database file is damaged \(database disk image is malformed\)/u,
    );
  });

  it('a backup asked for now fails its check and keeps the good backups as they are', async () => {
    const dir = path.join(t.dataDir, 'backups');
    const before = fs.readdirSync(dir).filter((n) => n.endsWith('.tar.gz'));
    clock.advance(60_000);
    // The backup is tried and refused by SQLite's check; its audit entry cannot be written either.
    const asked = await t.asAdmin({ method: 'POST', url: '/api/admin/backups' });
    expect(asked.json()).toEqual({ error: DATABASE_DAMAGED });
    const { lastRun, lastGood } = (await t.asAdmin({ method: 'GET', url: '/api/admin/backups' })).json() as {
      lastRun: { ok: boolean; error: string };
      lastGood: { file: string };
    };
    expect(lastRun.ok).toBe(false);
    expect(lastRun.error).toMatch(/damage/u);
    expect(before).toEqual([lastGood.file]);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tar.gz'))).toEqual(before);
    expect(before).toHaveLength(1);
  });
});
