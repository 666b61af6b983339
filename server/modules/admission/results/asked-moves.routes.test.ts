import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_CONSEQUENCE } from '#common/admission/application-office.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { publishOneSeatMerit } from '#server/test-support/one-seat-merit.ts';

// The office's moves that cannot be taken back, besides 'Withdrawn': 'Rejected' (final) and an offered
// application put back on the waiting list (its seat passes on). Each is refused until confirmed, the refusal
// saying what it does. Science has one seat: applicant 0 is offered it on results day, 1 and 2 wait.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let office = '';

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  ({ f, office } = await publishOneSeatMerit(t, { count: 3, firstRollNumber: 6001 }));
}, 120_000);
afterAll(() => t?.close());

const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: office } });
const app = (i: number) => f.applications[i]!;
const row = (i: number) =>
  t.db.selectFrom('applications').selectAll().where('id', '=', app(i).id).executeTakeFirstOrThrow();
const states = async () => Promise.all([0, 1, 2].map(async (i) => (await row(i)).state));
const detail = async (i: number) => {
  const res = await as('GET', `/api/admin/applications/${app(i).id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const move = (i: number, payload: object) => as('POST', `/api/admin/applications/${app(i).id}/state`, payload);

describe('an offered application put back on the waiting list', () => {
  it('is refused until confirmed, naming who the seat goes to; confirmed, the seat passes on', async () => {
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted']);
    const next = await row(1);
    const said = (await detail(0)).waitlisting as string;
    expect(said).toContain(`The seat goes at once to ${next.name_en} (${next.reference})`);
    expect((await detail(1)).waitlisting).toBeNull();

    const unconfirmed = await move(0, { to: 'waitlisted' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'application/confirm-move' });
    expect(unconfirmed.json().error.message).toContain(next.reference);
    const bulk = await as('POST', '/api/admin/applications/state', { ids: [app(0).id], to: 'waitlisted' });
    expect(bulk.json()).toMatchObject({ moved: [], refused: [{ reason: 'confirm-move' }] });
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted']);

    clock.set('2027-07-21T06:00:00Z');
    const confirmed = await move(0, { to: 'waitlisted', confirmMove: true });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await states()).toEqual(['waitlisted', 'offered', 'waitlisted']);
  });
});

describe("the office's 'Rejected'", () => {
  it('is refused until confirmed with what it does, then final', async () => {
    const unconfirmed = await move(2, { to: 'rejected' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'application/confirm-move' });
    expect(unconfirmed.json().error.message).toContain(REJECTION_CONSEQUENCE);
    expect((await row(2)).state).toBe('waitlisted');

    const bulk = await as('POST', '/api/admin/applications/state', { ids: [app(2).id], to: 'rejected' });
    expect(bulk.json()).toMatchObject({ moved: [], refused: [{ reason: 'confirm-move' }] });

    const confirmed = await move(2, { to: 'rejected', confirmMove: true });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect((await row(2)).state).toBe('rejected');
    expect((await detail(2)).moves).toEqual([]);
  });

  it('asks nothing of a move that gives no seat away and is not final', async () => {
    // 1 holds the seat now; 0 waits: verifying documents again is not a move, so take 'Admitted' on the offer.
    const admitted = await move(1, { to: 'admitted' });
    expect(admitted.statusCode, admitted.body).toBe(204);
  });
});
