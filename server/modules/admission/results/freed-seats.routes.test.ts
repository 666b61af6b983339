import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { publishOneSeatMerit } from '#server/test-support/one-seat-merit.ts';
import { VISITOR, applicantFor } from '#server/test-support/actors.ts';

// A seat freed by a decline or a withdrawal, and given back (decision 0049). Science has one seat: on results
// day (20 Jul 2027, 11:45 in Nepal) applicant 0 is offered it, 1 and 2 wait in that order.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let office = '';
let editor = '';
const OFFICE_ADDRESS = '198.51.100.4';

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  ({ f, office, editor } = await publishOneSeatMerit(t, { count: 3, firstRollNumber: 4001 }));
}, 120_000);
afterAll(() => t?.close());

const as = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, remoteAddress: OFFICE_ADDRESS, headers: { ...SAME_ORIGIN, cookie } });
const app = (i: number) => f.applications[i]!;
const row = (i: number) =>
  t.db.selectFrom('applications').selectAll().where('id', '=', app(i).id).executeTakeFirstOrThrow();
const states = async () => Promise.all([0, 1, 2].map(async (i) => (await row(i)).state));
const auditOf = async (i: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject', 'like', `${(await row(i)).reference}%`)
    .orderBy('at')
    .execute();
const openOffers = (i: number) =>
  t.db.selectFrom('offers').selectAll().where('application_id', '=', app(i).id).where('state', '=', 'open').execute();
/** Science's seats held now: never above its one seat unless the office said so. */
const held = async () =>
  (
    await t.db
      .selectFrom('applications')
      .select('id')
      .where('first_choice', '=', f.science)
      .where('state', 'in', ['offered', 'admitted'])
      .execute()
  ).length;
const detail = async (i: number) => {
  const res = await as(office, 'GET', `/api/admin/applications/${app(i).id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("an applicant's decline", () => {
  it('is refused to the applicant of another application, and to a visitor who proved nothing, changing nothing', async () => {
    const other = applicantFor(app(1).id, (await row(1)).reference, '203.0.113.8');
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'declined',
        (err: { code?: string }) => err.code,
      );
    expect(await codeOf(t.app.services.merit.declineOwn(other, app(0).id))).toBe('auth/forbidden');
    expect(await codeOf(t.app.services.merit.declineOwn(VISITOR, app(0).id))).toBe('auth/forbidden');
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted']);
  });

  it('is recorded in the audit log and the history with the applicant and the address it came from', async () => {
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted']);
    clock.set('2027-07-21T06:00:00Z');
    await t.app.services.merit.declineOwn(applicantFor(app(0).id, (await row(0)).reference, '203.0.113.7'), app(0).id);
    expect(await states()).toEqual(['withdrawn', 'offered', 'waitlisted']);
    const reference = (await row(0)).reference;
    // After the results' own entry (the offer, made by the system).
    const entries = (await auditOf(0)).slice(-2);
    expect(entries.map((e) => [e.kind, e.actor_name, e.actor_id, e.address])).toEqual([
      ['application-changed', `applicant ${reference} (status page)`, null, '203.0.113.7'],
      ['offer-closed', `applicant ${reference} (status page)`, null, '203.0.113.7'],
    ]);
    const history = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', app(0).id)
      .where('to_state', '=', 'withdrawn')
      .executeTakeFirstOrThrow();
    expect(history.actor_name).toBe(`applicant ${reference} (status page)`);
  });
});

describe('restoring a withdrawn application', () => {
  it('is refused to an editor, and changes nothing', async () => {
    const res = await as(editor, 'POST', `/api/admin/applications/${app(0).id}/restore`, {});
    expect(res.statusCode).toBe(403);
    expect((await row(0)).state).toBe('withdrawn');
  });

  it('says the seat went to the next waiting, and restores onto the waiting list without taking it back', async () => {
    const plan = (await detail(0)).restore;
    expect(plan).toMatchObject({ from: 'offered', to: 'waitlisted', beyondSeats: 'offered', problem: null });
    expect(plan.consequence).toContain(`Its seat went to ${(await row(1)).name_en} (${(await row(1)).reference})`);

    clock.set('2027-07-21T07:00:00Z');
    const res = await as(office, 'POST', `/api/admin/applications/${app(0).id}/restore`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'waitlisted', beyondSeats: false });
    expect(await states()).toEqual(['waitlisted', 'offered', 'waitlisted']);
    expect(await held()).toBe(1);
    expect(await openOffers(1)).toHaveLength(1);

    const restored = (await auditOf(0)).at(-1)!;
    expect(restored).toMatchObject({
      kind: 'application-changed',
      actor_name: 'Office Clerk',
      address: OFFICE_ADDRESS,
    });
    expect(JSON.parse(restored.changes)).toEqual([{ field: 'State', from: 'Withdrawn', to: 'Waitlisted (restored)' }]);
    const event = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', app(0).id)
      .where('from_state', '=', 'withdrawn')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ to_state: 'waitlisted', actor_name: 'Office Clerk' });
    expect(event.user_id).not.toBeNull();
    const again = await as(office, 'POST', `/api/admin/applications/${app(0).id}/restore`, {});
    expect(again.statusCode).toBe(409);
  });
});

describe("the office's 'Withdrawn'", () => {
  it('is refused until confirmed, the refusal naming who the seat goes to; confirmed, the seat passes on', async () => {
    const next = await row(2);
    const consequence = (await detail(1)).withdrawal as string;
    expect(consequence).toContain(`The seat goes at once to ${next.name_en} (${next.reference})`);

    const unconfirmed = await as(office, 'POST', `/api/admin/applications/${app(1).id}/state`, { to: 'withdrawn' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'application/confirm-withdrawal' });
    expect(unconfirmed.json().error.message).toContain(next.reference);
    expect(await states()).toEqual(['waitlisted', 'offered', 'waitlisted']);

    const bulk = await as(office, 'POST', '/api/admin/applications/state', { ids: [app(1).id], to: 'withdrawn' });
    expect(bulk.json()).toMatchObject({ moved: [], refused: [{ reason: 'confirm-withdrawal' }] });

    clock.set('2027-07-21T08:00:00Z');
    const confirmed = await as(office, 'POST', `/api/admin/applications/${app(1).id}/state`, {
      to: 'withdrawn',
      confirmWithdrawal: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await states()).toEqual(['waitlisted', 'withdrawn', 'offered']);
    expect(await held()).toBe(1);
  });

  it('with nobody waiting in the published order, says the seat stays free; restoring then gives it back', async () => {
    // 0 waits outside the published order (restored by the office): the office's to offer, not the list's.
    expect((await detail(2)).withdrawal).toContain('No one is waiting: the seat stays free.');
    clock.set('2027-07-22T06:00:00Z');
    const withdrawn = await as(office, 'POST', `/api/admin/applications/${app(2).id}/state`, {
      to: 'withdrawn',
      confirmWithdrawal: true,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await states()).toEqual(['waitlisted', 'withdrawn', 'withdrawn']);
    expect(await held()).toBe(0);

    const plan = (await detail(2)).restore;
    expect(plan).toMatchObject({ from: 'offered', to: 'offered', beyondSeats: null });
    expect(plan.consequence).toContain('is free: it gets it back');
    clock.set('2027-07-23T06:00:00Z');
    const res = await as(office, 'POST', `/api/admin/applications/${app(2).id}/restore`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'offered', beyondSeats: false });
    // A new offer, with the season's seven days from today (30 Jul 2027, the end of 14 Shrawan in Nepal).
    expect(await openOffers(2)).toEqual([expect.objectContaining({ deadline: '2027-07-30T18:15:00.000Z' })]);
    expect(await held()).toBe(1);
  });

  it('restores beyond the seats only when the office says so, and the audit log says it did', async () => {
    const plan = (await detail(1)).restore;
    expect(plan).toMatchObject({ to: 'waitlisted', beyondSeats: 'offered' });
    const res = await as(office, 'POST', `/api/admin/applications/${app(1).id}/restore`, { confirmOverSeats: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'offered', beyondSeats: true });
    expect(await held()).toBe(2);
    const restored = (await auditOf(1)).at(-1)!;
    expect(JSON.parse(restored.changes)[0].to).toBe('Offered (restored beyond the seats)');
  });
});
