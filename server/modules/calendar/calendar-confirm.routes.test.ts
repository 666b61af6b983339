import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';

// 29 Nov 2026 is in 2083 B.S.: 2084 B.S. (the next season's year) is a forecast until an owner confirms it.
const clock = new ManualClock('2026-11-29T06:00:00Z');
const PRINTED = 'Nepal Panchanga Nirnayak Samiti calendar 2084, printed';
const PACKAGE_2084 = [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30];
const CORRECTED_2084 = [31, 31, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30];

let t: AdminTestApp;
let editorCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  const editor = { email: 'clerk@test.np', password: 'clerk-password-long' };
  await t.app.services.users.create(COMMAND_LINE_ACTOR, editor.email, editor.password, { role: 'editor' });
  const res = await t.anonymous({ method: 'POST', url: '/api/auth/login', payload: editor });
  editorCookie = `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')!.value}`;
}, 120_000);
afterAll(() => t.close());

interface Year {
  year: number;
  forecast: boolean;
  confirmation: { source: string; confirmedAt: string; confirmedBy: string } | null;
}
const yearOf = (body: { years: Year[] }, year: number) => body.years.find((y) => y.year === year)!;
const calendar = async () =>
  (await t.asAdmin({ method: 'GET', url: '/api/admin/calendar' })).json<{ years: Year[]; currentYear: number }>();
const confirm = (year: number, payload: object, headers: Record<string, string> = {}) =>
  t.asAdmin({ method: 'POST', url: `/api/admin/calendar/${year}/confirm`, payload, headers });
const confirmations = () => t.db.selectFrom('bs_year_confirmations').selectAll().orderBy('year').execute();
const entries = () =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('kind', 'in', ['calendar-confirmed', 'calendar-changed'])
    .orderBy('at')
    .orderBy('id')
    .execute();

describe('POST /api/admin/calendar/:year/confirm', () => {
  it('marks every year after the current one a forecast, and the current year and those before it not', async () => {
    const body = await calendar();
    expect(body.currentYear).toBe(2083);
    expect(yearOf(body, 2082)).toMatchObject({ forecast: false, confirmation: null });
    expect(yearOf(body, 2083)).toMatchObject({ forecast: false, confirmation: null });
    expect(yearOf(body, 2084)).toMatchObject({ forecast: true, confirmation: null });
    expect(yearOf(body, 2088)).toMatchObject({ forecast: true, confirmation: null });
  });

  it('lets an owner confirm 2084 from the printed calendar: no longer a forecast, stored and audited', async () => {
    const res = await confirm(2084, { source: `  ${PRINTED} ` });
    expect(res.statusCode).toBe(200);
    expect(yearOf(res.json(), 2084)).toEqual(
      expect.objectContaining({
        forecast: false,
        confirmation: { source: PRINTED, confirmedAt: '2026-11-29T06:00:00.000Z', confirmedBy: 'admin@test.np' },
      }),
    );
    expect(yearOf(res.json(), 2085).forecast).toBe(true);
    expect(await confirmations()).toEqual([
      { year: 2084, source: PRINTED, confirmed_at: '2026-11-29T06:00:00.000Z', confirmed_by: 'admin@test.np' },
    ]);
    const [entry] = await entries();
    expect(entry).toMatchObject({ kind: 'calendar-confirmed', actor_name: 'admin@test.np', subject: '2084 B.S.' });
    expect(JSON.parse(entry!.changes)).toEqual([{ field: 'Confirmed from', from: '', to: PRINTED }]);

    // Given by mistake: withdrawn, it is a forecast again; withdrawing again finds nothing.
    const withdrawn = await t.asAdmin({ method: 'DELETE', url: '/api/admin/calendar/2084/confirm' });
    expect(withdrawn.statusCode).toBe(200);
    expect(yearOf(withdrawn.json(), 2084)).toMatchObject({ forecast: true, confirmation: null });
    expect(await confirmations()).toEqual([]);
    expect((await entries()).map((e) => JSON.parse(e.changes))).toContainEqual([
      { field: 'Confirmed from', from: PRINTED, to: '' },
    ]);
    expect((await t.asAdmin({ method: 'DELETE', url: '/api/admin/calendar/2084/confirm' })).statusCode).toBe(404);
  });

  it('refuses an editor (403) and nobody signed in (401), storing nothing', async () => {
    const asEditor = await confirm(2084, { source: PRINTED }, { cookie: editorCookie });
    expect(asEditor.statusCode).toBe(403);
    expect(asEditor.json()).toMatchObject({ error: { code: 'auth/forbidden' } });
    const anonymous = await t.anonymous({
      method: 'POST',
      url: '/api/admin/calendar/2084/confirm',
      payload: { source: PRINTED },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await confirmations()).toEqual([]);
  });

  it('refuses a confirmation that names no calendar, and a year the calendar does not have yet, by name', async () => {
    const blank = await confirm(2084, { source: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ error: { message: string } }>().error.message).toContain(
      'Confirmed from: name the printed calendar you checked the year with.',
    );
    const beyond = await confirm(2091, { source: PRINTED });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      error: {
        message: "Year: enter the month lengths of 2091 B.S. from the government's calendar first (Correct 2091).",
      },
    });
    expect(await confirmations()).toEqual([]);
  });

  it('confirms a year with a correction that says so; new lengths without it, or removing the correction, withdraw it', async () => {
    const put = (payload: object) => t.asAdmin({ method: 'PUT', url: '/api/admin/calendar/2084', payload });
    expect((await put({ months: CORRECTED_2084, source: PRINTED, confirm: true })).statusCode).toBe(200);
    expect(yearOf(await calendar(), 2084)).toMatchObject({ forecast: false, confirmation: { source: PRINTED } });

    // Only the source changes: the confirmed lengths stay, and so does the confirmation.
    expect((await put({ months: CORRECTED_2084, source: `${PRINTED} (p. 4)` })).statusCode).toBe(200);
    expect(yearOf(await calendar(), 2084).forecast).toBe(false);

    // Other lengths, not confirmed: the year is a forecast again.
    expect((await put({ months: PACKAGE_2084.slice().reverse(), source: 'a draft' })).statusCode).toBe(200);
    expect(yearOf(await calendar(), 2084)).toMatchObject({ forecast: true, confirmation: null });

    expect((await put({ months: CORRECTED_2084, source: PRINTED, confirm: true })).statusCode).toBe(200);
    expect((await t.asAdmin({ method: 'DELETE', url: '/api/admin/calendar/2084' })).statusCode).toBe(200);
    expect(yearOf(await calendar(), 2084)).toMatchObject({ forecast: true, confirmation: null });
    const last = (await entries()).at(-1)!;
    expect(JSON.parse(last.changes)).toContainEqual({ field: 'Confirmed from', from: PRINTED, to: '' });
  });

  it('stops counting 2084 a forecast once it is the current year', async () => {
    clock.set('2027-05-01T06:00:00Z');
    // Read from the service: five months on, the test's session has ended.
    const body = await t.app.services.calendar.calendar();
    expect(body.currentYear).toBe(2084);
    expect(yearOf(body, 2084).forecast).toBe(false);
    expect(yearOf(body, 2085).forecast).toBe(true);
    clock.set('2026-11-29T06:00:00Z');
  });
});
