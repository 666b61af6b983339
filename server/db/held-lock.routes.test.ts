import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { buildNoticeInput } from '#server/test-support/factories.ts';
import { holdWriteLock } from '#server/test-support/held-lock.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { DATABASE_BUSY_RETRY_AFTER_S, DATABASE_BUSY_WAIT_MS } from './busy-wait.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
// Reads answer in tens of milliseconds, even on a loaded CI machine; one stuck behind the lock takes the whole wait.
const NORMAL_READ_MS = 1000;

const t: AdminTestApp = await createAdminTestApp();
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('notices').execute();
});

const postNotice = (title: string) =>
  t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: buildNoticeInput({ title }) });

async function timed(request: Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse; ms: number }> {
  const start = performance.now();
  const res = await request;
  return { res, ms: performance.now() - start };
}

// Each read asks for a limit not asked before: the render cache cannot answer it, so it reaches the database.
let lastLimit = 100;
const readNotices = () => t.app.inject({ method: 'GET', url: `/api/notices?limit=${++lastLimit}` });

async function noticeTitles(): Promise<string[]> {
  return (await readNotices()).json<{ notices: { title: string }[] }>().notices.map((n) => n.title);
}

describe(`a write while another connection holds the write lock (${engine})`, () => {
  it('answers 503 with Retry-After and the busy message after a bounded wait, and stores nothing', async () => {
    const lock = await holdWriteLock(t.db, t.dataDir);
    try {
      const { res, ms } = await timed(postNotice('Written while the database was locked'));

      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_BUSY_RETRY_AFTER_S));
      expect(res.json()).toEqual({ error: DATABASE_BUSY });
      expect(ms).toBeGreaterThanOrEqual(DATABASE_BUSY_WAIT_MS - 50);
      expect(ms).toBeLessThan(DATABASE_BUSY_WAIT_MS + 2000);
    } finally {
      await lock.release();
    }
    // Nothing of the refused write was kept, and the next write goes through at once.
    const next = await timed(postNotice('Written after the lock'));
    expect(next.res.statusCode).toBe(201);
    expect(next.ms).toBeLessThan(NORMAL_READ_MS);
    expect(await noticeTitles()).toEqual(['Written after the lock']);
  });

  it('keeps answering reads at normal speed and never blocks the event loop meanwhile', async () => {
    await t.app.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title: 'Stored before the lock' }));
    const lock = await holdWriteLock(t.db, t.dataDir);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    try {
      const write = postNotice('Waiting for the lock');
      await sleep(100); // the write is now waiting for the lock
      const notices = await timed(readNotices());
      // Asked by a signed-in owner: the outbox's figures (a read of its table) are theirs to see.
      const health = await timed(t.asAdmin({ method: 'GET', url: '/api/health' }));
      expect((await write).statusCode).toBe(503);

      expect(notices.res.json<{ notices: { title: string }[] }>().notices.map((n) => n.title)).toEqual([
        'Stored before the lock',
      ]);
      expect(notices.ms).toBeLessThan(NORMAL_READ_MS);
      expect(health.res.json()).toMatchObject({
        status: 'ok',
        database: true,
        outbox: { backlog: 0, oldestSeconds: null },
      });
      expect(health.ms).toBeLessThan(NORMAL_READ_MS);
      // With a synchronous busy wait the loop stalled for the whole wait (5 s before this change).
      expect(loop.max / 1e6).toBeLessThan(NORMAL_READ_MS);
    } finally {
      loop.disable();
      await lock.release();
    }
  });

  it('saves the notice once the lock is released within the wait', async () => {
    const lock = await holdWriteLock(t.db, t.dataDir);
    const released = sleep(400).then(() => lock.release());
    const { res, ms } = await timed(postNotice('Saved after the lock was released'));
    await released;

    expect(res.statusCode).toBe(201);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(await noticeTitles()).toEqual(['Saved after the lock was released']);
  });
});

describe(`an admin page read while another connection holds the write lock (${engine})`, () => {
  it('still answers when the session is due its once-a-minute touch (a write it may skip)', async () => {
    const minutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.db.updateTable('sessions').set({ last_used_at: minutesAgo }).execute();
    const lock = await holdWriteLock(t.db, t.dataDir);
    try {
      const res = await t.asAdmin({ method: 'GET', url: '/api/auth/session' });
      expect(res.statusCode).toBe(200);
    } finally {
      await lock.release();
    }
    // The next request after the lock extends the session as usual.
    expect((await t.asAdmin({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
    const row = await t.db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow();
    expect(row.last_used_at > minutesAgo).toBe(true);
  });
});

describe.runIf(engine === 'PostgreSQL')('a lock that blocks reads too (PostgreSQL ACCESS EXCLUSIVE)', () => {
  it('ends a read of the locked table with the same 503 after the wait instead of hanging', async () => {
    const lock = await holdWriteLock(t.db, t.dataDir, 'access exclusive');
    try {
      const { res, ms } = await timed(readNotices());

      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_BUSY_RETRY_AFTER_S));
      expect(res.json()).toEqual({ error: DATABASE_BUSY });
      expect(ms).toBeLessThan(DATABASE_BUSY_WAIT_MS + 2000);
    } finally {
      await lock.release();
    }
  });
});
