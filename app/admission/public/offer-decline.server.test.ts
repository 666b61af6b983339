import type { ActionFunctionArgs } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page action runs on the real services and database here
import { ONE_SEAT_MERIT_SETTINGS, seedOneSeatCandidates } from '#server/test-support/one-seat-merit.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page action runs on the real services and database here
import { ManualClock } from '#server/test-support/manual-clock.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page action runs on the real services and database here
import { pageContext, testStaffActor } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page action runs on the real services and database here
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page action runs on the real services and database here
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { action } from './status.tsx';

// Declining an offer from the status page, posted as the page's plain forms on the real services (SQLite, or
// PostgreSQL in `npm run test:pg`). Science has one seat: applicant 0 is offered it, 1 and 2 wait in that order.
// Results are published on 20 Jul 2027 at 11:45 in Nepal.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: TestApp;
let f: ApplicationFixture;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  f = await seedOneSeatCandidates(t.db, t.storage, { count: 3, firstRollNumber: 3001 });
  const office = testStaffActor('admissions');
  const { merit } = t.services;
  await merit.saveSettings(office, f.seasonId, ONE_SEAT_MERIT_SETTINGS);
  await merit.schedule(office, f.seasonId, {});
}, 120_000);
afterAll(() => t?.close());

const row = (i: number) =>
  t.db.selectFrom('applications').selectAll().where('id', '=', f.applications[i]!.id).executeTakeFirstOrThrow();
const offersOf = (i: number) =>
  t.db
    .selectFrom('offers')
    .select(['state', 'deadline'])
    .where('application_id', '=', f.applications[i]!.id)
    .orderBy('created_at')
    .execute();
const messagesOf = (step: string, i: number) =>
  t.db
    .selectFrom('outbox_messages')
    .select('channel')
    .where('event', '=', `application-${step}:${f.applications[i]!.id}`)
    .execute();

const keys = new Map<number, string>();
/** Applicant `i`'s access key (given once, as the form would have). */
async function keyOf(i: number): Promise<string> {
  if (!keys.has(i)) keys.set(i, await giveAccessKey(t.db, (await row(i)).reference));
  return keys.get(i)!;
}

/** The status page's form for applicant `i`, as a browser without JavaScript posts it. */
async function post(i: number, intent: string, key?: string) {
  const r = await row(i);
  const body = new URLSearchParams({ reference: r.reference, access_key: key ?? (await keyOf(i)), intent });
  const request = new Request('http://site.test/admission/status', { method: 'POST', body });
  const context = { ...pageContext(t.services, null), clientIp: `10.2.0.${i}` };
  const answer = (await action({ request, context, params: {} } as unknown as ActionFunctionArgs)) as {
    data: Record<string, unknown>;
    init: ResponseInit | null;
  };
  return { status: answer.init?.status ?? 200, body: answer.data };
}

describe('declining an offer from the status page', () => {
  it('asks first and changes nothing; the date of birth or a wrong key is refused and changes nothing', async () => {
    expect((await row(0)).state).toBe('offered');
    const ask = await post(0, 'decline-ask');
    expect(ask.status).toBe(200);
    expect(ask.body).toMatchObject({ askDecline: true, declined: false, offer: { offer: { state: 'open' } } });

    const wrongKey = (await keyOf(0)).replace(/^./u, (c) => (c === 'A' ? 'B' : 'A'));
    const wrong = await post(0, 'decline', wrongKey);
    expect(wrong.status).toBe(404);
    // The date of birth is no key: refused before any look-up.
    expect((await post(0, 'decline', (await row(0)).birth_date)).status).toBe(400);
    expect(wrong.body).toMatchObject({ refused: { fieldErrors: {} } });
    expect(JSON.stringify(wrong.body)).not.toContain('offer');

    expect((await row(0)).state).toBe('offered');
    expect(await offersOf(0)).toEqual([{ state: 'open', deadline: '2027-07-27T18:15:00.000Z' }]);
    expect((await row(1)).state).toBe('waitlisted');
    expect(await offersOf(1)).toEqual([]);
    expect(await messagesOf('withdrawn', 0)).toEqual([]);
    expect(await messagesOf('offered', 1)).toEqual([]);
  });

  it('declines on the second step: the seat passes to the first on the waiting list with its message queued', async () => {
    clock.set('2027-07-22T06:00:00Z');
    const declined = await post(0, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ declined: true, offer: { offer: { state: 'declined' } } });

    expect((await row(0)).state).toBe('withdrawn');
    expect(await offersOf(0)).toEqual([{ state: 'declined', deadline: '2027-07-27T18:15:00.000Z' }]);
    // The next offer runs seven days from today (to the end of 13 Shrawan 2084 in Nepal).
    expect((await row(1)).state).toBe('offered');
    expect(await offersOf(1)).toEqual([{ state: 'open', deadline: '2027-07-29T18:15:00.000Z' }]);
    expect((await row(2)).state).toBe('waitlisted');
    expect((await messagesOf('offered', 1)).length).toBeGreaterThan(0);
    expect((await messagesOf('withdrawn', 0)).length).toBeGreaterThan(0);
    const audit = await t.db.selectFrom('audit_log').select('subject').where('kind', '=', 'offer-closed').execute();
    expect(audit).toEqual([{ subject: `${(await row(0)).reference} declined` }]);

    // The next student's status page says the seat came from the waiting list; declining twice is refused.
    const next = await post(1, 'decline-ask');
    expect(next.body).toMatchObject({ offer: { outcome: 'waitlisted', offer: { state: 'open', fromWaitlist: true } } });
    const again = await post(0, 'decline');
    expect(again.status).toBe(409);
    expect((await offersOf(1))[0]!.state).toBe('open');
  });
});
