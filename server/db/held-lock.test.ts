import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { holdWriteLock } from '#server/test-support/held-lock.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { type Db, openDb } from './db.ts';
import { migrateToLatest } from './migrate.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
const WAIT_MS = 600;
// What a statement that does not wait takes at most, with room for a loaded CI machine; under WAIT_MS.
const PROMPT_MS = 300;
let db: Db;
let dataDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-held-lock-'));
  const server = testDatabaseServer();
  const scratch = server ? await createScratchDatabase(server) : undefined;
  db = openDb({ dataDir, databaseUrl: scratch?.url, busyWaitMs: WAIT_MS });
  await migrateToLatest(db);
  cleanup = async () => {
    await db.destroy();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());
beforeEach(async () => {
  await db.deleteFrom('notices').execute();
});

const notice = (title: string) => ({
  id: randomUUID(),
  title,
  description: 'A notice written by the held-lock tests.',
  link: null,
  created_at: new Date().toISOString(),
  category: 'general',
  publish_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});
const insertNotice = (target: Pick<Db, 'insertInto'>, title: string) =>
  target.insertInto('notices').values(notice(title)).execute();
const titles = async () =>
  (await db.selectFrom('notices').select('title').orderBy('title').execute()).map((r) => r.title);

async function elapsed<T>(work: Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; ms: number }> {
  const start = performance.now();
  const [outcome] = await Promise.allSettled([work]);
  return { outcome: outcome!, ms: performance.now() - start };
}

const busy = expect.objectContaining({ statusCode: 503, code: DATABASE_BUSY.code, message: DATABASE_BUSY.message });

describe(`the database while another connection holds the write lock (${engine})`, () => {
  it('runs a transaction whole once the lock is released within the wait', async () => {
    const lock = await holdWriteLock(db, dataDir);
    const released = sleep(WAIT_MS / 3).then(() => lock.release());
    await db.transaction().execute(async (trx) => {
      await insertNotice(trx, 'First of the transaction');
      await insertNotice(trx, 'Second of the transaction');
    });
    await released;
    expect(await titles()).toEqual(['First of the transaction', 'Second of the transaction']);
  });

  it('abandons a transaction whole with the busy error at the deadline', async () => {
    const lock = await holdWriteLock(db, dataDir);
    try {
      const { outcome, ms } = await elapsed(
        db.transaction().execute(async (trx) => {
          await insertNotice(trx, 'Never stored (one)');
          await insertNotice(trx, 'Never stored (two)');
        }),
      );
      expect(outcome).toEqual({ status: 'rejected', reason: busy });
      expect(ms).toBeGreaterThanOrEqual(WAIT_MS - 50);
      expect(ms).toBeLessThan(WAIT_MS + 1000);
    } finally {
      await lock.release();
    }
    expect(await titles()).toEqual([]);
  });

  it('answers reads of the same process at once while its own write waits for the lock', async () => {
    await insertNotice(db, 'Committed before the lock');
    const lock = await holdWriteLock(db, dataDir);
    try {
      const waiting = elapsed(insertNotice(db, 'Waiting for the lock'));
      await sleep(50);
      const read = await elapsed(titles());
      expect(read.outcome).toEqual({ status: 'fulfilled', value: ['Committed before the lock'] });
      expect(read.ms).toBeLessThan(PROMPT_MS);
      expect((await waiting).outcome).toEqual({ status: 'rejected', reason: busy });
    } finally {
      await lock.release();
    }
  });

  it('gives each queued write of the process its own deadline, then takes writes again at once', async () => {
    const lock = await holdWriteLock(db, dataDir);
    try {
      const queued = await Promise.all(['one', 'two', 'three'].map((n) => elapsed(insertNotice(db, `Queued ${n}`))));
      for (const { outcome, ms } of queued) {
        expect(outcome).toEqual({ status: 'rejected', reason: busy });
        expect(ms).toBeLessThan(WAIT_MS + 1000);
      }
    } finally {
      await lock.release();
    }
    const next = await elapsed(insertNotice(db, 'After the lock'));
    expect(next.outcome.status).toBe('fulfilled');
    expect(next.ms).toBeLessThan(PROMPT_MS);
    expect(await titles()).toEqual(['After the lock']);
  });
});

describe(`reads and writes of one process (${engine})`, () => {
  it('lets a transaction read its own writes while other reads see only what is committed', async () => {
    let insideSaw: string[] = [];
    let outsideSaw: string[] = [];
    await db.transaction().execute(async (trx) => {
      await insertNotice(trx, 'Not committed yet');
      insideSaw = (await trx.selectFrom('notices').select('title').execute()).map((r) => r.title);
      outsideSaw = await titles();
    });
    expect(insideSaw).toEqual(['Not committed yet']);
    expect(outsideSaw).toEqual([]);
    expect(await titles()).toEqual(['Not committed yet']);
  });

  it('keeps a BEGIN … ROLLBACK written in SQL on one connection together', async () => {
    await db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await insertNotice(conn, 'Rolled back');
      const seen = await conn.selectFrom('notices').select('title').execute();
      expect(seen.map((r) => r.title)).toEqual(['Rolled back']);
      await sql`rollback`.execute(conn);
    });
    expect(await titles()).toEqual([]);
    await insertNotice(db, 'Written afterwards');
    expect(await titles()).toEqual(['Written afterwards']);
  });

  it('rolls back a failed transaction whole and takes the next write at once', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await insertNotice(trx, 'Rolled back with its transaction');
      throw new Error('the service refused half-way');
    });
    await expect(failing).rejects.toThrow('the service refused half-way');
    await insertNotice(db, 'Next write');
    expect(await titles()).toEqual(['Next write']);
  });
});
