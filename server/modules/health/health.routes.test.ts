import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '#server/test-support/test-app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true, outbox: { backlog: 0, oldestSeconds: null } });
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
