import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNoticeInput } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

beforeAll(async () => {
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < 45; i++) {
    await t.services.notices.create(
      COMMAND_LINE_ACTOR,
      buildNoticeInput({ title: `Notice number ${String(i).padStart(2, '0')}` }),
      new Date(start + i * 60_000).toISOString(),
    );
  }
});

describe('notices.listPage', () => {
  it('pages /notices 20 at a time, newest first', async () => {
    const first = await t.services.notices.listPage(1);
    expect(first).toMatchObject({ page: 1, pageCount: 3, pageSize: 20, total: 45 });
    expect(first!.notices[0]!.title).toBe('Notice number 44');
    expect(first!.notices).toHaveLength(20);
    const last = await t.services.notices.listPage(3);
    expect(last!.notices.map((n) => n.title)).toEqual([
      'Notice number 04',
      'Notice number 03',
      'Notice number 02',
      'Notice number 01',
      'Notice number 00',
    ]);
  });

  it('answers null past the last page and for a page that is not a positive whole number', async () => {
    for (const page of [4, 0, -1, 2.5, Number.NaN]) expect(await t.services.notices.listPage(page)).toBeNull();
  });
});

describe('notices.listAllPage (the admin list)', () => {
  it('pages every notice, a scheduled one included, newest publish time first, and answers null past the end', async () => {
    const scheduled = await t.services.notices.create(
      COMMAND_LINE_ACTOR,
      buildNoticeInput({ title: 'Scheduled notice', publishAt: '2099-01-01T10:00' }),
    );
    const first = await t.services.notices.listAllPage(1, 20);
    expect(first).toMatchObject({ page: 1, pageCount: 3, pageSize: 20, total: 46 });
    expect(first!.notices[0]).toMatchObject({ title: 'Scheduled notice', scheduled: true });
    expect(first!.notices).toHaveLength(20);
    const last = await t.services.notices.listAllPage(3, 20);
    expect(last!.notices.map((n) => n.title)).toEqual([
      'Notice number 05',
      'Notice number 04',
      'Notice number 03',
      'Notice number 02',
      'Notice number 01',
      'Notice number 00',
    ]);
    for (const page of [4, 0, 1.5, Number.NaN]) expect(await t.services.notices.listAllPage(page, 20)).toBeNull();
    await t.services.notices.remove(COMMAND_LINE_ACTOR, scheduled.id);
  });
});

describe('GET /api/notices', () => {
  it('says it may be cached publicly, and is served again from the render cache until an admin write', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/notices?limit=2' });
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/notices?limit=2',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is made afresh for every request with RENDER_CACHE=false (for measuring renders)', async () => {
    const uncached = await createTestApp({ RENDER_CACHE: 'false' });
    try {
      const first = await uncached.app.inject({ method: 'GET', url: '/api/notices?limit=2' });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBeUndefined();
    } finally {
      await uncached.close();
    }
  });
});
