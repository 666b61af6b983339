import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { publishOneSeatMerit } from '#server/test-support/one-seat-merit.ts';
import { applicantFor } from '#server/test-support/actors.ts';

// Undo of a seat change within its window (decision 0053). Science has one seat: on results day (20 Jul 2027,
// 11:45 in Nepal) applicant 0 is offered it; 1, 2 and 3 wait in that order.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let office = '';
let editor = '';

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  ({ f, office, editor } = await publishOneSeatMerit(t, { count: 4, firstRollNumber: 5001 }));
}, 120_000);
afterAll(() => t?.close());

const as = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
const app = (i: number) => f.applications[i]!;
const row = (i: number) =>
  t.db.selectFrom('applications').selectAll().where('id', '=', app(i).id).executeTakeFirstOrThrow();
const states = async () => Promise.all([0, 1, 2, 3].map(async (i) => (await row(i)).state));
const offersOf = (i: number) =>
  t.db.selectFrom('offers').selectAll().where('application_id', '=', app(i).id).orderBy('created_at').execute();
const messages = (step: string, i: number) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('event', '=', `application-${step}:${app(i).id}`)
    .orderBy('created_at')
    .execute();
const allMessages = () => t.db.selectFrom('outbox_messages').select(['id', 'state']).execute();
const detail = async (i: number) => {
  const res = await as(office, 'GET', `/api/admin/applications/${app(i).id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const withdraw = async (i: number) => {
  const res = await as(office, 'POST', `/api/admin/applications/${app(i).id}/state`, {
    to: 'withdrawn',
    confirmWithdrawal: true,
  });
  expect(res.statusCode, res.body).toBe(204);
};
const undo = (i: number, cookie = office, confirmUndo = true) =>
  as(cookie, 'POST', `/api/admin/applications/${app(i).id}/undo`, { confirmUndo });

describe('undo of a withdrawal', () => {
  it('is refused to an editor, and to an application with no seat change to undo', async () => {
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted', 'waitlisted']);
    expect((await undo(0, editor)).statusCode).toBe(403);
    const none = await undo(0);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'application/not-undoable' });
    expect((await detail(0)).undo).toBeNull();
  });

  it('within the window, asks first, then restores both applications and cancels the messages not yet sent', async () => {
    const deadline = (await offersOf(0))[0]!.deadline;
    clock.set('2027-07-21T06:00:00Z');
    await withdraw(0);
    expect(await states()).toEqual(['withdrawn', 'offered', 'waitlisted', 'waitlisted']);
    const next = await row(1);
    const plan = (await detail(0)).undo;
    expect(plan).toMatchObject({ from: 'offered', refused: null, until: '2027-07-22T06:00:00.000Z' });
    expect(plan.consequence).toContain(
      `${next.name_en} (${next.reference}) goes back to their place on the waiting list`,
    );
    expect(plan.consequence).toContain('has not left and is cancelled');
    expect((await messages('offered', 1)).map((m) => m.state)).toEqual(['queued']);

    // Unconfirmed: refused with what it would do (by reference: no applicant's name in an error).
    clock.set('2027-07-21T07:00:00Z');
    const unconfirmed = await undo(0, office, false);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toMatchObject({ code: 'application/confirm-undo' });
    expect(unconfirmed.json().error.message).toContain(next.reference);
    expect(unconfirmed.json().error.message).not.toContain(next.name_en);
    expect(await states()).toEqual(['withdrawn', 'offered', 'waitlisted', 'waitlisted']);

    const before = (await allMessages()).length;
    const res = await undo(0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: 'offered' });
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted', 'waitlisted']);
    // Its own offer back, open, with the same deadline; the next one's offer closed as undone.
    expect((await offersOf(0)).map((o) => [o.state, o.deadline, o.closed_at])).toEqual([['open', deadline, null]]);
    expect((await offersOf(1)).map((o) => [o.state, o.confirmed_how])).toEqual([['withdrawn', 'undone']]);
    // Nothing further is sent: the offer to 1 and the withdrawal's message to 0 are cancelled, kept, none new.
    expect((await messages('offered', 1)).map((m) => [m.state, m.sent_at])).toEqual([['cancelled', null]]);
    expect((await messages('withdrawn', 0)).every((m) => m.state === 'cancelled')).toBe(true);
    expect((await allMessages()).length).toBe(before);

    // By subject, not by time: entries of one instant are kept in order a millisecond apart, past the latest entry
    // any test in the process wrote, so their times are not this test's clock alone.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['subject', 'actor_name', 'changes'])
      .where('subject', 'in', [(await row(0)).reference, next.reference])
      .where('kind', '=', 'application-changed')
      .orderBy('subject')
      .execute();
    const undone = audit.filter((a) => String(JSON.parse(a.changes)[0].to).includes('undone'));
    expect(undone.map((a) => [a.subject, a.actor_name, JSON.parse(a.changes)[0].to]).sort()).toEqual(
      [
        [(await row(0)).reference, 'Office Clerk', 'Offered (withdrawal undone)'],
        [next.reference, 'Office Clerk', 'Waitlisted (seat change undone)'],
      ].sort(),
    );
    const history = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', app(1).id)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ from_state: 'offered', to_state: 'waitlisted', actor_name: 'Office Clerk' });
  });

  it('twice is refused: there is nothing left to undo', async () => {
    const again = await undo(0);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'application/not-undoable' });
    expect(await states()).toEqual(['offered', 'waitlisted', 'waitlisted', 'waitlisted']);
  });

  it('after the next applicant accepted the seat, is refused with the reason, on the page and by the server', async () => {
    clock.set('2027-07-21T08:00:00Z');
    await withdraw(0);
    expect(await states()).toEqual(['withdrawn', 'offered', 'waitlisted', 'waitlisted']);
    clock.set('2027-07-21T09:00:00Z');
    const paid = await as(office, 'POST', `/api/admin/offers/${app(1).id}/confirm`, { how: 'fee-paid' });
    expect(paid.statusCode, paid.body).toBe(204);
    const next = await row(1);
    const plan = (await detail(0)).undo;
    expect(plan).toMatchObject({ consequence: null });
    expect(plan.refused).toContain(`${next.name_en} (${next.reference}) accepted the seat and is admitted`);
    const res = await undo(0);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('application/not-undoable');
    expect(res.json().error.message).toContain(`${next.reference} accepted the seat`);
    expect(await states()).toEqual(['withdrawn', 'admitted', 'waitlisted', 'waitlisted']);
    // Restore (decision 0049) stays: it waits on the waiting list, the seat stays with the one admitted.
    expect((await detail(0)).restore).toMatchObject({ to: 'waitlisted' });
  });

  it('after the next applicant was told of the seat, is refused: someone told they have a seat keeps it', async () => {
    clock.set('2027-07-22T06:00:00Z');
    await withdraw(1);
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'offered', 'waitlisted']);
    await t.db
      .updateTable('outbox_messages')
      .set({ state: 'sent', sent_at: '2027-07-22T06:00:05.000Z', attempts: 1 })
      .where('event', '=', `application-offered:${app(2).id}`)
      .execute();
    const res = await undo(1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`${(await row(2)).reference} was told on`);
    expect((await detail(1)).undo.refused).toContain('someone told they have a seat keeps it');
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'offered', 'waitlisted']);
  });

  it('after 24 hours (the clock moved), is refused with when the window closed', async () => {
    clock.set('2027-07-23T06:00:00Z');
    await withdraw(2);
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'offered']);
    clock.set('2027-07-24T05:59:00Z');
    expect((await detail(2)).undo).toMatchObject({ refused: null });
    clock.set('2027-07-24T06:00:00Z');
    expect((await detail(2)).undo.refused).toContain('Undo was possible for 24 hours after the withdrawal');
    const res = await undo(2);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('24 hours');
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'offered']);
  });

  it("undoes the family's own decline too: with nobody waiting, the seat still free comes back with its offer", async () => {
    clock.set('2027-07-24T07:00:00Z');
    const deadline = (await offersOf(3)).at(-1)!.deadline;
    await t.app.services.merit.declineOwn(applicantFor(app(3).id, (await row(3)).reference, '203.0.113.9'), app(3).id);
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'withdrawn']);
    const plan = (await detail(3)).undo;
    expect(plan).toMatchObject({ from: 'offered', refused: null });
    expect(plan.consequence).not.toContain('waiting list');
    clock.set('2027-07-24T08:00:00Z');
    const res = await undo(3);
    expect(res.statusCode, res.body).toBe(200);
    expect(await states()).toEqual(['withdrawn', 'withdrawn', 'withdrawn', 'offered']);
    expect((await offersOf(3)).at(-1)).toMatchObject({ state: 'open', deadline, closed_at: null });
  });
});
