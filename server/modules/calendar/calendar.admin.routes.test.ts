import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bsLastYear, bsToAdDate, toBsDate } from '#common/dates/bs-date.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { writeCorrection } from './calendar.repository.ts';

// 2084 B.S. in the package's table, and the same year with Ashadh a day shorter and Shrawan a day longer.
const PACKAGE_2084 = [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30];
const CORRECTED_2084 = [31, 31, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30];
const SOURCE = 'Government of Nepal, Nepal Panchanga Nirnayak Samiti calendar 2084';
const FIRST_SHRAWAN_2084 = { year: 2084, month: 4, day: 1 };

let t: AdminTestApp;
let editorCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  const editor = { email: 'clerk@test.np', password: 'clerk-password-long' };
  await t.app.services.users.create(COMMAND_LINE_ACTOR, editor.email, editor.password, { role: 'editor' });
  const res = await t.anonymous({ method: 'POST', url: '/api/auth/login', payload: editor });
  editorCookie = `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')!.value}`;
}, 120_000);
afterAll(() => t.close());

const put = (year: number | string, payload: object, headers: Record<string, string> = {}) =>
  t.asAdmin({ method: 'PUT', url: `/api/admin/calendar/${year}`, payload, headers });
const remove = (year: number) => t.asAdmin({ method: 'DELETE', url: `/api/admin/calendar/${year}` });
const storedYears = async () =>
  (await t.db.selectFrom('bs_month_corrections').select('year').execute()).map((r) => r.year);
const calendarEntries = () =>
  t.db.selectFrom('audit_log').selectAll().where('kind', '=', 'calendar-changed').orderBy('at').execute();

describe('PUT and DELETE /api/admin/calendar/:year', () => {
  it('corrects 2084: dates in it convert with the new lengths at once, and removing it brings the package back', async () => {
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-17');
    const res = await put(2084, { months: CORRECTED_2084, source: SOURCE });
    expect(res.statusCode).toBe(200);
    const year = res.json<{ years: { year: number }[] }>().years.find((y) => y.year === 2084);
    expect(year).toMatchObject({ months: CORRECTED_2084, packageMonths: PACKAGE_2084, correction: { source: SOURCE } });
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-16');
    expect(toBsDate(new Date('2027-07-16T12:00:00+05:45'))).toEqual(FIRST_SHRAWAN_2084);
    expect(bsToAdDate({ year: 2085, month: 1, day: 1 })).toBe('2028-04-13');

    const [entry] = await calendarEntries();
    expect(entry).toMatchObject({ actor_name: 'admin@test.np', subject: '2084 B.S.' });
    expect(JSON.parse(entry!.changes)).toEqual([
      { field: 'Month lengths', from: PACKAGE_2084.join(' '), to: CORRECTED_2084.join(' ') },
      { field: 'Source', from: '', to: SOURCE },
    ]);

    expect((await remove(2084)).statusCode).toBe(200);
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-17');
    expect(await storedYears()).toEqual([]);
    expect(await calendarEntries()).toHaveLength(2);
  });

  it('picks up a correction another process saved when it next sees the content version move, without a restart', async () => {
    await changeContent(t.db, new Date(), (trx) =>
      writeCorrection(trx, {
        year: 2084,
        months: JSON.stringify(CORRECTED_2084),
        source: SOURCE,
        updated_at: new Date().toISOString(),
        updated_by: 'another process',
      }),
    );
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-17');
    expect((await t.anonymous({ method: 'GET', url: '/api/admission' })).statusCode).toBe(200);
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-16');
    expect((await remove(2084)).statusCode).toBe(200);
  });

  it('extends the calendar with the year after its last, and refuses a year that would leave a gap', async () => {
    const last = bsLastYear();
    expect(last).toBe(2090);
    expect(() => bsToAdDate({ year: 2091, month: 1, day: 1 })).toThrow(
      /outside the calendar the site knows \(1970–2090/u,
    );
    const gap = await put(2092, { months: PACKAGE_2084, source: SOURCE });
    expect(gap.statusCode).toBe(400);
    expect(gap.json()).toMatchObject({
      error: { message: 'Year: correct 2091 B.S. first; the calendar ends with 2090 B.S.' },
    });
    expect((await put(2091, { months: PACKAGE_2084, source: SOURCE })).statusCode).toBe(200);
    expect((await put(2092, { months: PACKAGE_2084, source: SOURCE })).statusCode).toBe(200);
    expect(bsLastYear()).toBe(2092);
    expect(bsToAdDate({ year: 2092, month: 12, day: 30 })).toMatch(/^2036-/u);
    const middle = await remove(2091);
    expect(middle.statusCode).toBe(400);
    expect(middle.json()).toMatchObject({
      error: { message: 'Year: remove 2092 B.S. first; the calendar cannot have a gap.' },
    });
    expect((await remove(2092)).statusCode).toBe(200);
    expect((await remove(2091)).statusCode).toBe(200);
    expect(bsLastYear()).toBe(2090);
  });

  it.each([
    [
      'a month of 28 days',
      { months: [28, ...PACKAGE_2084.slice(1)], source: SOURCE },
      'Baisakh: a month has 29 to 32 days.',
    ],
    [
      'a month of 33 days',
      { months: [...PACKAGE_2084.slice(0, 11), 33], source: SOURCE },
      'Chaitra: a month has 29 to 32 days.',
    ],
    [
      'eleven months',
      { months: PACKAGE_2084.slice(1), source: SOURCE },
      'Months: enter the days of each of the twelve months.',
    ],
    [
      'a year of 364 days',
      { months: [30, ...PACKAGE_2084.slice(1)], source: SOURCE },
      'Months: the twelve months add up to 364 days; a year has 365 or 366.',
    ],
    [
      'a year of 367 days',
      { months: [32, 32, ...PACKAGE_2084.slice(2)], source: SOURCE },
      'Months: the twelve months add up to 367 days; a year has 365 or 366.',
    ],
    ['no source', { months: CORRECTED_2084, source: '  ' }, 'Source: name the calendar these lengths come from.'],
  ])('refuses %s by name and changes nothing', async (_case, payload, message) => {
    const res = await put(2084, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation' } });
    expect(res.json<{ error: { message: string } }>().error.message).toContain(message);
    expect(await storedYears()).toEqual([]);
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-17');
  });

  it.each([1969, 2201])('refuses the year %i as outside 1970–2200', async (year) => {
    const res = await put(year, { months: CORRECTED_2084, source: SOURCE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'Year: choose a B.S. year from 1970 to 2200.' } });
    expect(await storedYears()).toEqual([]);
  });

  it('answers 404 for removing a year that has no correction', async () => {
    expect((await remove(2084)).statusCode).toBe(404);
  });

  it('refuses an editor (403) and nobody signed in (401), changing nothing', async () => {
    const asEditor = await put(2084, { months: CORRECTED_2084, source: SOURCE }, { cookie: editorCookie });
    expect(asEditor.statusCode).toBe(403);
    expect(asEditor.json()).toMatchObject({ error: { code: 'auth/forbidden' } });
    const anonymous = await t.anonymous({
      method: 'PUT',
      url: '/api/admin/calendar/2084',
      payload: { months: CORRECTED_2084, source: SOURCE },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.anonymous({ method: 'GET', url: '/api/admin/calendar' })).statusCode).toBe(401);
    expect(await storedYears()).toEqual([]);
    expect(bsToAdDate(FIRST_SHRAWAN_2084)).toBe('2027-07-17');
  });

  it('lists the years around now and every corrected year, each from the package or its correction', async () => {
    const res = await t.asAdmin({ method: 'GET', url: '/api/admin/calendar' });
    expect(res.statusCode).toBe(200);
    const { years, lastYear } = res.json<{ years: { year: number; correction: unknown }[]; lastYear: number }>();
    const now = toBsDate(new Date()).year;
    expect(years.map((y) => y.year)).toEqual(expect.arrayContaining([now - 1, now, now + 5, 2091]));
    expect(lastYear).toBe(2090);
    expect(years.every((y) => y.correction === null)).toBe(true);
  });
});
