import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

/**
 * A full database: SQLite is held to the pages it has (max_page_count), all of them filled, which is how
 * SQLite meets a full disk (SQLITE_FULL). PostgreSQL has no such switch, so there the test is skipped.
 */
const t = await createTestApp();
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00.000Z') });
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function send() {
  const { token } = (await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' })).json<InquiryFormToken>();
  vi.setSystemTime(Date.now() + INQUIRY_FORM_TIMING.minSeconds * 1000 + 5000);
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: '192.0.2.7',
    payload: { ...buildInquiryInput(), form_token: token },
  });
}

describe.skipIf(testDatabaseServer() !== undefined)('a message sent while the disk is full', () => {
  it('is refused with 507 and the out-of-space message, stores nothing, and goes through once there is room', async () => {
    await sql`create table filler (b blob)`.execute(t.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 4}`).execute(t.db);
    // Every page full: the filler's, then what room the tables' own pages have left.
    const fillUp = (insert: () => Promise<unknown>) =>
      expect(async () => {
        for (;;) await insert();
      }).rejects.toMatchObject({ code: 'storage/full', cause: { code: 'SQLITE_FULL' } });
    await fillUp(() => sql`insert into filler values (zeroblob(1024))`.execute(t.db));
    let n = 0;
    const earlier = () => ({
      ...buildInquiryInput(),
      id: `earlier-${++n}`,
      state: 'new' as const,
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await fillUp(() => t.db.insertInto('inquiries').values(earlier()).execute());
    const before = await t.db.selectFrom('inquiries').select('id').execute();

    const res = await send();
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({
      error: { code: 'storage/full', message: 'The server is out of space. Nothing was saved.' },
    });
    expect(await t.db.selectFrom('inquiries').select('id').execute()).toEqual(before);

    await sql`delete from filler`.execute(t.db);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await t.db.selectFrom('inquiries').select('id').execute()).toHaveLength(before.length + 1);
  });
});
