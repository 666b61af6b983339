import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildNoticeInput } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.UTC(2026, 10, 21) - n * DAY).toISOString();

beforeEach(async () => {
  await t.db.deleteFrom('notices').execute();
});

describe('GET /api/notices', () => {
  it('lists every notice newest first by createdDate, whatever the order of creation', async () => {
    await t.services.notices.create(
      COMMAND_LINE_ACTOR,
      buildNoticeInput({ title: 'Second newest notice' }),
      daysAgo(3),
    );
    await t.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title: 'The newest notice' }), daysAgo(1));
    await t.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title: 'The oldest notice' }), daysAgo(9));

    const res = await t.app.inject({ method: 'GET', url: '/api/notices' });

    expect(res.statusCode).toBe(200);
    const { notices } = res.json<{ notices: { title: string; createdDate: string }[] }>();
    expect(notices.map((n) => n.title)).toEqual(['The newest notice', 'Second newest notice', 'The oldest notice']);
    expect(notices[0]!.createdDate).toBe(daysAgo(1));
  });

  it('returns id, title, description, link (null when none), createdDate, the notice-board fields, attachments and last change', async () => {
    await t.services.notices.create(
      COMMAND_LINE_ACTOR,
      buildNoticeInput({ link: 'https://www.neb.gov.np/results' }),
      daysAgo(2),
    );
    await t.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title: 'Notice without link' }), daysAgo(1));

    const { notices } = (await t.app.inject({ method: 'GET', url: '/api/notices' })).json<{ notices: unknown[] }>();

    expect(notices).toEqual([
      {
        id: expect.any(String),
        title: 'Notice without link',
        description: buildNoticeInput().description,
        link: null,
        createdDate: daysAgo(1),
        category: 'general',
        referenceNo: null,
        publishAt: daysAgo(1),
        pinnedUntil: null,
        pinned: false,
        scheduled: false,
        attachments: [],
        language: 'en',
        updatedAt: daysAgo(1),
      },
      expect.objectContaining({ link: 'https://www.neb.gov.np/results' }),
    ]);
  });

  it('returns only the newest two with ?limit=2, as the home page asks', async () => {
    for (const [i, title] of ['Notice number one', 'Notice number two', 'Notice number three'].entries()) {
      await t.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title }), daysAgo(10 - i));
    }

    const res = await t.app.inject({ method: 'GET', url: '/api/notices?limit=2' });

    expect(res.statusCode).toBe(200);
    expect(res.json<{ notices: { title: string }[] }>().notices.map((n) => n.title)).toEqual([
      'Notice number three',
      'Notice number two',
    ]);
  });

  it('answers an empty list when there are no notices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notices' });
    expect(res.json()).toEqual({ notices: [] });
  });

  it('refuses a limit that is not a positive whole number with a validation error', async () => {
    for (const limit of ['0', '-1', 'two', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/notices?limit=${limit}` });
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'validation', message: expect.any(String) } });
    }
  });
});
