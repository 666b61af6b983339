import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { seatCandidates } from '#server/test-support/entrance-candidates.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { startResultsSchedule } from './results-schedule.ts';

// Results day of the 2084/85 season: the office works on 20 Jul 2027 (4 Shrawan 2084) at 11:45 in Nepal.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let office = '';
let editor = '';
let schedule: { stop: () => void };

const GRADES = { English: 'B', Nepali: 'B', Mathematics: 'B', Science: 'B', 'Social Studies': 'B' };
/**
 * Science has 3 seats, one of them a scholarship seat of the fixture's category (applications 0 and 7).
 * Marks, GPA and Mathematics are chosen so each rule decides one tie; 5 is below the pass mark of 40 and 6
 * absent.
 */
const CANDIDATES = [
  { marks: 8000, gpa: 300, maths: 'B' },
  { marks: 7000, gpa: 300, maths: 'B' },
  { marks: 7000, gpa: 250, maths: 'B' },
  { marks: 6000, gpa: 250, maths: 'A' },
  { marks: 6000, gpa: 250, maths: 'B' },
  { marks: 3000, gpa: 390, maths: 'A+' },
  { marks: null, gpa: 390, maths: 'A+' },
  { marks: 5000, gpa: 200, maths: 'C' },
] as const;
const roll = (i: number) => 1001 + i;

beforeAll(async () => {
  t = await createAdminTestApp({ ...SESSIONS_OUTLAST_CLOCK, RESULTS_LOOKUP_FAILURES_PER_HOUR: '5' }, (s) => s, clock);
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: CANDIDATES.length,
    withFiles: 0,
    seats: { science: 3 },
    override: (i) => ({
      row: {
        state: 'fee-verified',
        gpa_hundredths: CANDIDATES[i]!.gpa,
        grades: JSON.stringify({ ...GRADES, Mathematics: CANDIDATES[i]!.maths }),
      },
      payment: 'verified',
      programme: 'science',
    }),
  });
  await t.db
    .updateTable('admission_programmes')
    .set({ seats: 3, scholarship_seats: JSON.stringify({ [f.categoryId]: 1 }) })
    .where('id', '=', f.science)
    .execute();
  await t.db
    .updateTable('applications')
    .set({ category_id: f.categoryId })
    .where('id', 'in', [f.applications[0]!.id, f.applications[7]!.id])
    .execute();
  await t.db
    .updateTable('applications')
    .set({ category_id: null })
    .where('id', 'not in', [f.applications[0]!.id, f.applications[7]!.id])
    .execute();
  await seatCandidates(
    t.db,
    f.seasonId,
    CANDIDATES.map((c, i) => ({
      applicationId: f.applications[i]!.id,
      rollNumber: roll(i),
      marksHundredths: c.marks,
      absent: c.marks === null,
    })),
  );
  office = await t.signInAs('office@test.np', 'admissions');
  editor = await t.signInAs('editor@test.np', 'editor');
  const s = t.app.services;
  schedule = startResultsSchedule(s.merit, s.resultsLookup, s.makeResultsNotice, t.app.log, 10);
}, 120_000);
afterAll(async () => {
  schedule.stop();
  await t.close();
});

const as = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
const birthOf = async (i: number) =>
  (
    await t.db
      .selectFrom('applications')
      .select('birth_date')
      .where('id', '=', f.applications[i]!.id)
      .executeTakeFirstOrThrow()
  ).birth_date;
const lookUp = (rollNumber: string, birthDate: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admission/results',
    payload: { rollNumber, birthDate },
    remoteAddress,
    headers: SAME_ORIGIN,
  });
const stateOf = async (i: number) =>
  (
    await t.db
      .selectFrom('applications')
      .select('state')
      .where('id', '=', f.applications[i]!.id)
      .executeTakeFirstOrThrow()
  ).state;
const auditOf = (kind: string) => t.db.selectFrom('audit_log').selectAll().where('kind', '=', kind).execute();
const SETTINGS = {
  rules: ['marks', 'gpa', 'mathematics', 'science', 'english', 'older'],
  passMark: 40,
  fullMarks: 100,
  showMarks: true,
  listNames: true,
  autoOffer: true,
  confirmDays: 7,
};

describe('the merit list', () => {
  it('is the office’s and the owner’s, never an editor’s', async () => {
    expect((await as(editor, 'GET', `/api/admin/merit/${f.seasonId}`)).statusCode).toBe(403);
    expect((await as(editor, 'PUT', `/api/admin/merit/${f.seasonId}/settings`, SETTINGS)).statusCode).toBe(403);
  });

  it('refuses a pass mark above full marks and saves nothing', async () => {
    const res = await as(office, 'PUT', `/api/admin/merit/${f.seasonId}/settings`, { ...SETTINGS, passMark: 120 });
    expect(res.statusCode).toBe(400);
    expect(await t.db.selectFrom('merit_settings').selectAll().execute()).toHaveLength(0);
  });

  it('ranks by the rules with ties at each, fills open then scholarship seats, and audits the settings', async () => {
    const saved = await as(office, 'PUT', `/api/admin/merit/${f.seasonId}/settings`, SETTINGS);
    expect(saved.statusCode, saved.body).toBe(200);
    const changes = (await auditOf('merit-settings-changed'))[0]!;
    expect(changes.changes).toContain('Pass mark');
    const res = await as(office, 'GET', `/api/admin/merit/${f.seasonId}`);
    expect(res.statusCode, res.body).toBe(200);
    const science = res.json().programmes.find((p: { programme: { id: string } }) => p.programme.id === f.science);
    const rows = science.entries.map((e: { rollNumber: number; outcome: string; seat: string | null }) => [
      e.rollNumber - 1001,
      e.outcome,
      e.seat === f.categoryId ? 'scholarship' : e.seat,
    ]);
    expect(rows, JSON.stringify(rows)).toEqual([
      [0, 'offered', 'open'],
      // Marks tie: the higher GPA first.
      [1, 'offered', 'open'],
      [2, 'waitlisted', null],
      // Marks and GPA tie: the better grade in Mathematics first.
      [3, 'waitlisted', null],
      [4, 'waitlisted', null],
      // The scholarship seat: the best of the category without an open seat.
      [7, 'offered', 'scholarship'],
      [5, 'not-selected', null],
      [6, 'not-selected', null],
    ]);
    expect(science.entries.find((e: { rollNumber: number }) => e.rollNumber === roll(5)).reason).toBe(
      'below-pass-mark',
    );
    expect(science.entries.find((e: { rollNumber: number }) => e.rollNumber === roll(6)).reason).toBe('absent');
  });
});

describe('publishing the results', () => {
  it('asks before publishing ahead of the entrance date: 409 with the question, nothing scheduled', async () => {
    const entranceOn = (on: string) =>
      t.db.updateTable('admission_seasons').set({ entrance_on: on }).where('id', '=', f.seasonId).execute();
    await entranceOn('2084-04-10');
    try {
      for (const body of [{}, { date: '2084-04-04', time: '13:00' }]) {
        const asked = await as(office, 'POST', `/api/admin/merit/${f.seasonId}/publish`, body);
        expect(asked.statusCode).toBe(409);
        expect(asked.json().error).toMatchObject({
          code: 'entrance/before-exam',
          message:
            'The entrance examination is on 10 Shrawan 2084 B.S., and that day has not come: publish the results anyway?',
        });
      }
      expect((await auditOf('results-scheduled')).length).toBe(0);
      expect(await t.db.selectFrom('offers').selectAll().execute()).toHaveLength(0);
    } finally {
      await entranceOn('');
    }
  });

  it('shows nothing before the publish time, and the same answer for an unknown roll number', async () => {
    const res = await as(office, 'POST', `/api/admin/merit/${f.seasonId}/publish`, {
      date: '2084-04-04',
      time: '13:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().publishAt).toBe('2027-07-20T07:15:00.000Z');
    expect((await auditOf('results-scheduled')).length).toBe(1);
    const early = await lookUp(String(roll(0)), await birthOf(0), '10.0.0.1');
    expect(early.statusCode).toBe(404);
    expect(await stateOf(0)).toBe('fee-verified');
    expect(await t.db.selectFrom('offers').selectAll().execute()).toHaveLength(0);
  });

  it('publishes at its time with nobody signed in: states, offers, messages, the notice', async () => {
    clock.set('2027-07-20T07:15:00Z');
    await vi.waitFor(
      async () => {
        const s = await t.db.selectFrom('merit_settings').selectAll().executeTakeFirstOrThrow();
        expect(s.notice_id).not.toBeNull();
      },
      { timeout: 60_000, interval: 50 },
    );
    expect([await stateOf(0), await stateOf(1), await stateOf(7)]).toEqual(['offered', 'offered', 'offered']);
    expect([await stateOf(2), await stateOf(3), await stateOf(4)]).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);
    expect([await stateOf(5), await stateOf(6)]).toEqual(['fee-verified', 'fee-verified']);
    const offers = await t.db.selectFrom('offers').selectAll().execute();
    expect(offers).toHaveLength(3);
    // Seven days from 4 Shrawan: to the end of 11 Shrawan in Nepal.
    expect(offers[0]!.deadline).toBe('2027-07-27T18:15:00.000Z');
    const messages = await t.db
      .selectFrom('outbox_messages')
      .select('event')
      .where('event', '=', `application-offered:${f.applications[0]!.id}`)
      .execute();
    expect(messages.length).toBeGreaterThan(0);
    expect((await auditOf('results-published')).length).toBe(1);
    const history = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', f.applications[2]!.id)
      .where('to_state', '=', 'waitlisted')
      .execute();
    expect(history).toHaveLength(1);

    const s = await t.db.selectFrom('merit_settings').selectAll().executeTakeFirstOrThrow();
    const notice = await t.db
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', s.notice_id!)
      .executeTakeFirstOrThrow();
    expect(notice.title).toBe('Entrance results 2084/85');
    expect(notice.reference_no).toBe('RESULTS-2084/85');
    const attachments = await t.db
      .selectFrom('notice_attachments')
      .selectAll()
      .where('notice_id', '=', notice.id)
      .execute();
    // With Chromium here the pass list is a PDF; without it, the roll numbers are in the notice's text.
    if (attachments.length === 0) expect(notice.description).toContain(String(roll(0)));
    else expect(attachments[0]!.kind).toBe('pdf');
    // The same notice in Nepali, for the board read in Nepali: its own language, the Nepali look-up's address.
    const nepali = await t.db
      .selectFrom('notices')
      .selectAll()
      .where('reference_no', '=', 'RESULTS-2084/85-NE')
      .executeTakeFirstOrThrow();
    expect(nepali).toMatchObject({ title: 'प्रवेश परीक्षाको नतिजा २०८४/८५', language: 'ne', category: 'result' });
    expect(nepali.description).toContain('/ne/admission/results');
    expect(nepali.description).toMatch(/नतिजा प्रकाशित भएको छ/u);
  });

  it('answers the look-up: offered with marks and deadline, waitlisted with a place, not selected', async () => {
    const offered = await lookUp(String(roll(0)), await birthOf(0), '10.0.0.2');
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({
      rollNumber: roll(0),
      outcome: 'offered',
      marksHundredths: 8000,
      fullMarksHundredths: 10000,
      deadline: '2027-07-27T18:15:00.000Z',
    });
    // Devanagari digits are the same roll number and date.
    const devanagari = (s: string) => s.replace(/\d/gu, (d) => '०१२३४५६७८९'[Number(d)]!);
    const waiting = await lookUp(devanagari(String(roll(3))), devanagari(await birthOf(3)), '10.0.0.2');
    expect(waiting.json()).toMatchObject({ outcome: 'waitlisted', waitlistPosition: 2 });
    const absent = await lookUp(String(roll(6)), await birthOf(6), '10.0.0.2');
    expect(absent.json()).toMatchObject({ outcome: 'not-selected', marksHundredths: null });
  });

  it('answers a wrong date of birth exactly as an unknown roll number', async () => {
    const wrong = await lookUp(String(roll(0)), '2060-01-01', '10.0.0.3');
    const unknown = await lookUp('99999', await birthOf(0), '10.0.0.3');
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.body).not.toContain(String(roll(0)));
  });

  it('refuses to change the settings or publish again once published', async () => {
    expect((await as(office, 'PUT', `/api/admin/merit/${f.seasonId}/settings`, SETTINGS)).statusCode).toBe(409);
    expect((await as(office, 'POST', `/api/admin/merit/${f.seasonId}/publish`, {})).statusCode).toBe(409);
  });
});

describe('offers and the waiting list', () => {
  it('admits on the fee paid, and passes a declined scholarship seat to the open list when its category has nobody waiting', async () => {
    const confirmed = await as(office, 'POST', `/api/admin/offers/${f.applications[1]!.id}/confirm`, {
      how: 'fee-paid',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await stateOf(1)).toBe('admitted');
    clock.set('2027-07-22T06:00:00Z');
    const res = await as(office, 'POST', `/api/admin/offers/${f.applications[7]!.id}/decline`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stateOf(7)).toBe('withdrawn');
    expect(await stateOf(2)).toBe('offered');
    const next = await t.db
      .selectFrom('offers')
      .selectAll()
      .where('application_id', '=', f.applications[2]!.id)
      .executeTakeFirstOrThrow();
    expect(next).toMatchObject({ state: 'open', seat: 'open', deadline: '2027-07-29T18:15:00.000Z' });
    const again = await as(office, 'POST', `/api/admin/offers/${f.applications[7]!.id}/decline`);
    expect(again.statusCode).toBe(409);
  });

  it('lapses an offer at its deadline and offers the seat to the next on the waiting list', async () => {
    // 0's deadline, the end of 11 Shrawan: the next offer runs to the end of 19 Shrawan.
    clock.set('2027-07-27T18:15:00Z');
    await vi.waitFor(async () => expect(await stateOf(3)).toBe('offered'), { timeout: 30_000, interval: 20 });
    expect(await stateOf(0)).toBe('withdrawn');
    expect(await stateOf(2)).toBe('offered');
    expect(await stateOf(4)).toBe('waitlisted');
    await vi.waitFor(async () => {
      const res = await lookUp(String(roll(3)), await birthOf(3), '10.0.0.4');
      expect(res.json()).toMatchObject({ outcome: 'offered', deadline: '2027-08-04T18:15:00.000Z' });
    });
    const lapsed = await lookUp(String(roll(0)), await birthOf(0), '10.0.0.4');
    expect(lapsed.json()).toMatchObject({ outcome: 'withdrawn' });
    const waiting = await lookUp(String(roll(4)), await birthOf(4), '10.0.0.4');
    expect(waiting.json()).toMatchObject({ outcome: 'waitlisted', waitlistPosition: 3 });
    expect((await auditOf('offer-closed')).length).toBe(3);
    const told = await t.db
      .selectFrom('outbox_messages')
      .select('event')
      .where('event', '=', `application-offered:${f.applications[3]!.id}`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
  });
});

describe('seats the office releases', () => {
  it('withdrawing an offered applicant closes the offer and offers the seat to the next waiting, messages queued', async () => {
    const res = await as(office, 'POST', `/api/admin/applications/${f.applications[3]!.id}/state`, {
      to: 'withdrawn',
      confirmWithdrawal: true,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await stateOf(3)).toBe('withdrawn');
    expect(await stateOf(4)).toBe('offered');
    const offers = await t.db
      .selectFrom('offers')
      .select(['application_id', 'state', 'confirmed_how'])
      .where('application_id', 'in', [f.applications[3]!.id, f.applications[4]!.id])
      .execute();
    expect(offers).toEqual(
      expect.arrayContaining([
        { application_id: f.applications[3]!.id, state: 'withdrawn', confirmed_how: 'office' },
        { application_id: f.applications[4]!.id, state: 'open', confirmed_how: '' },
      ]),
    );
    const told = await t.db
      .selectFrom('outbox_messages')
      .select('event')
      .where('event', '=', `application-offered:${f.applications[4]!.id}`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
    // The look-up follows at once in this process.
    await vi.waitFor(async () => {
      const found = await lookUp(String(roll(4)), await birthOf(4), '10.0.0.5');
      expect(found.json()).toMatchObject({ outcome: 'offered' });
    });
  });

  it('an admitted applicant who withdraws frees the seat; with nobody waiting nothing more moves', async () => {
    const res = await as(office, 'POST', `/api/admin/applications/${f.applications[1]!.id}/state`, {
      to: 'withdrawn',
      confirmWithdrawal: true,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await stateOf(1)).toBe('withdrawn');
    const open = await t.db.selectFrom('offers').select('application_id').where('state', '=', 'open').execute();
    expect(open.map((o) => o.application_id).sort()).toEqual([f.applications[2]!.id, f.applications[4]!.id].sort());
    expect((await auditOf('offer-closed')).some((a) => a.subject.includes('seat passed on'))).toBe(true);
  });
});

describe('the failure limits', () => {
  it('slow an address after its misses, yet serve a right answer from it; successes do not count', async () => {
    const birth = await birthOf(4);
    for (let i = 0; i < 10; i++) {
      expect((await lookUp(String(roll(4)), birth, '10.0.0.9')).statusCode).toBe(200);
    }
    // Parents behind one address mistype other roll numbers until the address's allowance (5 here) is used.
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await lookUp(String(9000 + i), birth, '10.0.0.9')).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const cut = await lookUp('9100', birth, '10.0.0.9');
    expect(cut.statusCode).toBe(429);
    // A mistyping parent waits minutes (an hour / 5 here), not the hour.
    expect(Number(cut.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(cut.headers['retry-after'])).toBeLessThanOrEqual(12 * 60);
    // The parent who types their own right is served from the same address.
    expect((await lookUp(String(roll(4)), birth, '10.0.0.9')).statusCode).toBe(200);
    clock.advance(12 * 60_000);
  });

  it('pause a walk on one roll number from one IPv6 /64 after five misses, for everyone, and tell the office', async () => {
    const birth = await birthOf(3);
    const answers: number[] = [];
    for (let i = 0; i < 1042; i++) {
      const day = `2067-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 30) + 1).padStart(2, '0')}`;
      if (day === birth) continue;
      const address = `2001:db8:77:1:${(i >> 8).toString(16)}:${(i & 0xff).toString(16)}::1`;
      answers.push((await lookUp(String(roll(3)), day, address)).statusCode);
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(0);
    expect(answers.filter((c) => c === 404)).toHaveLength(5);
    // The right date of birth waits too, from anywhere, until the roll number's next try is due.
    const paused = await lookUp(String(roll(3)), birth, '10.0.0.30');
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(12 * 60);
    await vi.waitFor(async () => {
      const told = await t.db
        .selectFrom('application_events')
        .select('text')
        .where('application_id', '=', f.applications[3]!.id)
        .where('kind', '=', 'look-ups-paused')
        .execute();
      expect(told).toHaveLength(1);
    });
    clock.advance(12 * 60_000);
    expect((await lookUp(String(roll(3)), birth, '10.0.0.30')).statusCode).toBe(200);
  }, 60_000);
});
