import { describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createAdminTestApp } from '#server/test-support/admin-session.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: true,
      release: null,
      outbox: { backlog: 0, oldestSeconds: null },
    });
  });

  it('reports the backups: none yet, the free disk, no warning on a fresh install', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const { backups } = res.json() as { backups: Record<string, unknown> };
    expect(backups).toMatchObject({ lastGoodAt: null, lastDrill: null, warnings: [] });
    expect(backups.diskFreeBytes).toBeGreaterThan(0);
  });

  // SQLite's online copy, or pg_dump's archive on PostgreSQL.
  it('reports a backup made, then a warning by its code 48 hours later, and no folder or file name', async () => {
    const clock = new ManualClock('2026-11-26T05:00:00Z');
    const t = await createAdminTestApp({}, (s) => s, clock);
    onTestFinished(() => t.close());
    const run = await t.app.services.backups.runBackup('manual');
    expect(run.ok, run.error).toBe(true);
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.json()).toMatchObject({ backups: { lastGoodAt: run.finishedAt, warnings: [] } });
    expect(first.body).not.toContain(run.file!);
    clock.advance(48 * 3_600_000 + 60_000);
    const later = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ status: 'ok', backups: { warnings: ['backup-stale'] } });
  });

  it('answers 503 when the database is closed', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    await t.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: false });
  });
});

describe('GET /api/health while draining', () => {
  it('answers 503 "draining" once shutdown has begun, though the database still answers', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    t.app.readiness.draining = true;
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', database: true, outbox: { backlog: 0, oldestSeconds: null } });
  });
});
