import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { VITALS_LIMITS } from '#common/vitals/vitals.ts';
import { createAdminTestApp } from '#server/test-support/admin-session.ts';
import { createVitalsService } from './vitals.service.ts';
import { systemClock } from '#server/clock.ts';
import { SERVER_JOB, staffAs } from '#server/test-support/actors.ts';

const t = await createAdminTestApp();
afterAll(() => t.close());

let ipCounter = 0;
/** Each test sends from its own address, so throttling in one test never leaks into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const BEACON = {
  route: '/notices',
  metrics: [
    { name: 'LCP', value: 1234.5 },
    { name: 'INP', value: 48 },
    { name: 'CLS', value: 0.012 },
    { name: 'TTFB', value: 120.3 },
  ],
};

/** What navigator.sendBeacon sends with a JSON Blob from our own page: no session needed. */
function beacon(payload: unknown, ip = freshIp(), contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/vitals',
    headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': contentType },
    remoteAddress: ip,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const rows = () => t.db.selectFrom('vitals').selectAll().orderBy('metric').execute();

beforeEach(async () => {
  await t.db.deleteFrom('vitals').execute();
});

describe('POST /api/vitals', () => {
  it('stores one row per metric of a valid beacon, with the route pattern and nothing about the visitor', async () => {
    const res = await beacon(BEACON);

    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    const stored = await rows();
    expect(stored.map((r) => [r.route, r.metric, r.value])).toEqual([
      ['/notices', 'CLS', 0.012],
      ['/notices', 'INP', 48],
      ['/notices', 'LCP', 1234.5],
      ['/notices', 'TTFB', 120.3],
    ]);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(['created_at', 'id', 'metric', 'route', 'value']);
  });

  it('accepts a beacon with only some of the metrics', async () => {
    const res = await beacon({ route: '/', metrics: [{ name: 'TTFB', value: 80 }] });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toHaveLength(1);
  });

  it.each<[string, unknown]>([
    ['a full URL instead of a route pattern', { ...BEACON, route: 'https://example.com/notices?x=1' }],
    ['a query string in the route', { ...BEACON, route: '/notices?email=a@b.c' }],
    ['a route of 101 characters', { ...BEACON, route: `/${'a'.repeat(100)}` }],
    ['an unknown metric', { route: '/', metrics: [{ name: 'FID', value: 10 }] }],
    ['a negative value', { route: '/', metrics: [{ name: 'LCP', value: -1 }] }],
    ['a value no page reaches', { route: '/', metrics: [{ name: 'CLS', value: 1000 }] }],
    ['a value that is not a number', { route: '/', metrics: [{ name: 'LCP', value: '1200' }] }],
    [
      'the same metric twice',
      {
        route: '/',
        metrics: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
    ],
    ['no metrics', { route: '/', metrics: [] }],
    ['an extra field', { ...BEACON, userAgent: 'Mozilla/5.0' }],
    ['a body that is not an object', ['LCP', 1]],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const res = await beacon(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: expect.any(String) } });
    expect(await rows()).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await beacon('route=/&LCP=1', freshIp(), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(await rows()).toEqual([]);
  });

  it('refuses a beacon from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(BEACON),
    });
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it(`accepts ${VITALS_LIMITS.maxBeaconsPerAddressPerHour} beacons an hour from one address, then answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < VITALS_LIMITS.maxBeaconsPerAddressPerHour; i++) {
      expect((await beacon({ route: '/', metrics: [{ name: 'TTFB', value: i }] }, ip)).statusCode).toBe(204);
    }
    const refused = await beacon({ route: '/', metrics: [{ name: 'TTFB', value: 1 }] }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('vitals/too-many-requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toHaveLength(VITALS_LIMITS.maxBeaconsPerAddressPerHour);
    // Another address is not affected.
    expect((await beacon(BEACON)).statusCode).toBe(204);
  });
});

describe('GET /api/admin/vitals', () => {
  it('gives the 75th percentile per route for the last 7 and 28 days', async () => {
    const lcp = [1000, 2000, 3000, 4000];
    for (const value of lcp) await beacon({ route: '/gallery', metrics: [{ name: 'LCP', value }] });

    const res = await t.asAdmin({ method: 'GET', url: '/api/admin/vitals' });

    expect(res.statusCode).toBe(200);
    const { windows } = res.json();
    expect(windows.map((w: { days: number }) => w.days)).toEqual([7, 28]);
    expect(windows[0].routes).toEqual([
      {
        route: '/gallery',
        samples: { LCP: 4, INP: 0, CLS: 0, TTFB: 0 },
        p75: { LCP: 3000, INP: null, CLS: null, TTFB: null },
      },
    ]);
  });

  it('needs a signed-in admin', async () => {
    const res = await t.anonymous({ method: 'GET', url: '/api/admin/vitals' });
    expect(res.statusCode).toBe(401);
  });
});

describe('vitals storage bounds', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = new Date('2026-11-21T12:00:00.000Z');
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
  /** Pruning only when the test calls it. */
  const MANUAL = { pruneEvery: Number.MAX_SAFE_INTEGER, pruneIntervalMs: Number.POSITIVE_INFINITY };

  it(`prunes rows older than ${VITALS_LIMITS.retentionDays} days and keeps the rest`, async () => {
    const vitals = createVitalsService(t.db, MANUAL, systemClock);
    const one = { route: '/', metrics: [{ name: 'LCP' as const, value: 1 }] };
    await vitals.record(one, freshIp(), daysAgo(40));
    await vitals.record(one, freshIp(), daysAgo(28.01));
    await vitals.record(one, freshIp(), daysAgo(27.99));
    await vitals.record(one, freshIp(), daysAgo(1));

    expect(await vitals.prune(NOW)).toEqual({ expired: 2, overCap: 0 });
    expect((await rows()).map((r) => r.created_at).sort()).toEqual([
      daysAgo(27.99).toISOString(),
      daysAgo(1).toISOString(),
    ]);
  });

  it('deletes the oldest rows beyond the row cap', async () => {
    const vitals = createVitalsService(t.db, { ...MANUAL, maxRows: 3 }, systemClock);
    for (let i = 5; i >= 1; i--) {
      await vitals.record({ route: '/', metrics: [{ name: 'TTFB', value: i }] }, freshIp(), daysAgo(i));
    }
    expect(await vitals.prune(NOW)).toEqual({ expired: 0, overCap: 2 });
    expect((await rows()).map((r) => r.value).sort()).toEqual([1, 2, 3]);
  });

  it('prunes on its own after enough beacons', async () => {
    const vitals = createVitalsService(t.db, { ...MANUAL, maxRows: 2, pruneEvery: 3 }, systemClock);
    for (let i = 3; i >= 1; i--) {
      await vitals.record({ route: '/', metrics: [{ name: 'TTFB', value: i }] }, freshIp(), daysAgo(i));
    }
    expect(await vitals.count()).toBe(2);
  });

  it('leaves out rows older than the window from the 7-day percentile', async () => {
    const vitals = createVitalsService(t.db, MANUAL, systemClock);
    await vitals.record({ route: '/', metrics: [{ name: 'INP', value: 900 }] }, freshIp(), daysAgo(10));
    await vitals.record({ route: '/', metrics: [{ name: 'INP', value: 100 }] }, freshIp(), daysAgo(2));
    const [week, month] = await vitals.summary(SERVER_JOB, NOW);
    expect(week?.routes[0]?.p75.INP).toBe(100);
    expect(month?.routes[0]?.p75.INP).toBe(900);
    expect(month?.routes[0]?.samples.INP).toBe(2);
  });

  it('refuses the summary to an account without vitals.read in the service itself, not only at the route', async () => {
    const vitals = createVitalsService(t.db, MANUAL, systemClock);
    for (const role of ['editor', 'admissions'] as const) {
      await expect(vitals.summary(staffAs(role), NOW)).rejects.toMatchObject({
        statusCode: 403,
        code: 'auth/forbidden',
      });
    }
    expect(await vitals.summary(staffAs('owner'), NOW)).toHaveLength(2);
  });
});
