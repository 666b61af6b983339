import { describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createAdminTestApp } from '#server/test-support/admin-session.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { SERVER_JOB } from '#server/test-support/actors.ts';

const HEALTH_TOKEN = 'a-monitor-token-of-24-characters-or-more';
const monitor = { authorization: `Bearer ${HEALTH_TOKEN}` };

describe('GET /api/health', () => {
  it('answers 200 while the database answers, with the figures for a monitor holding HEALTH_TOKEN', async () => {
    const t = await createTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: true,
      release: null,
      outbox: { backlog: 0, oldestSeconds: null },
    });
  });

  it('tells the public only its status, whether the database answers and the release; a wrong token is the public', async () => {
    const t = await createTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    for (const headers of [{}, { authorization: 'Bearer a-monitor-token-of-24-characters-or-mor' }])
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers })).json()).toEqual({
        status: 'ok',
        database: true,
        release: null,
      });
  });

  it('shows the figures to a signed-in owner, not to an editor', async () => {
    const t = await createAdminTestApp();
    onTestFinished(() => t.close());
    expect((await t.asAdmin({ method: 'GET', url: '/api/health' })).json()).toHaveProperty('backups');
    const editor = await t.signInAs('editor@orbit.test', 'editor');
    const asEditor = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: editor } });
    expect(asEditor.json()).toEqual({ status: 'ok', database: true, release: null });
  });

  it('answers 200 "degraded" while forms with files wait long for a turn', async () => {
    const t = await createTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    const uploads = { turns: 2, running: 2, arriving: 0, waiting: 7, longestWaitSeconds: 12, saturated: true };
    t.app.uploadGate = { load: () => uploads };
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'degraded', database: true, release: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
    expect(res.json()).toMatchObject({ status: 'degraded', uploads, documents: { waiting: 0, oldestSeconds: null } });
  });

  it('reports the backups: none yet, the free disk, no warning on a fresh install', async () => {
    const t = await createTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
    const { backups } = res.json() as { backups: Record<string, unknown> };
    expect(backups).toMatchObject({ lastGoodAt: null, lastDrill: null, warnings: [] });
    expect(backups.diskFreeBytes).toBeGreaterThan(0);
  });

  // SQLite's online copy, or pg_dump's archive on PostgreSQL.
  it('reports a backup made, then a warning by its code 48 hours later, and no folder or file name', async () => {
    const clock = new ManualClock('2026-11-26T05:00:00Z');
    const t = await createAdminTestApp({ HEALTH_TOKEN }, (s) => s, clock);
    onTestFinished(() => t.close());
    const run = await t.app.services.backups.runBackup(SERVER_JOB, 'manual');
    expect(run.ok, run.error).toBe(true);
    const first = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
    expect(first.json()).toMatchObject({ backups: { lastGoodAt: run.finishedAt, warnings: [] } });
    expect(first.body).not.toContain(run.file!);
    clock.advance(48 * 3_600_000 + 60_000);
    const later = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
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
    const t = await createTestApp({ HEALTH_TOKEN });
    onTestFinished(() => t.close());
    t.app.readiness.draining = true;
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', database: true });
    const detailed = await t.app.inject({ method: 'GET', url: '/api/health', headers: monitor });
    expect(detailed.json()).toEqual({
      status: 'draining',
      database: true,
      outbox: { backlog: 0, oldestSeconds: null, waitingForSetUp: { email: 0, sms: 0 } },
      documents: { waiting: 0, oldestSeconds: null },
    });
  });
});
