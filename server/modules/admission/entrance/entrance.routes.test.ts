import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKS_COLUMNS_UNKNOWN } from '#common/admission/entrance.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { applicantFor } from '#server/test-support/actors.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';

// The 2084/85 season's entrance, prepared by the office on 20 Jul 2027 (4 Shrawan 2084).
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
const cookies: Record<'admissions' | 'editor', string> = { admissions: '', editor: '' };

// Science with its fee verified: 0–5 and 11 (7); Science with a voucher not yet verified: 6, 7; Management
// (no fee): 8–10 (3); still submitted or to correct: 12, 13. Ten may sit the entrance.
beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: 14,
    withFiles: 2,
    override: (i) => {
      if (i <= 5) {
        const email = i === 0 ? { email: 'sita@example.np' } : {};
        return { row: { state: 'documents-verified', ...email }, payment: 'verified', programme: 'science' };
      }
      if (i <= 7) return { row: { state: 'documents-verified' }, payment: 'voucher-sent', programme: 'science' };
      if (i <= 10) return { row: { state: 'documents-verified' }, programme: 'management' };
      if (i === 11) return { row: { state: 'fee-verified' }, payment: 'verified', programme: 'science' };
      if (i === 12) return { row: { state: 'submitted' }, payment: 'verified', programme: 'science' };
      return { row: { state: 'needs-correction' }, programme: 'management' };
    },
  });
  cookies.admissions = await t.signInAs('office@test.np', 'admissions');
  cookies.editor = await t.signInAs('editor@test.np', 'editor');
}, 120_000);
afterAll(() => t.close());

const asOffice = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: cookies.admissions } });
const auditOf = (kind: string) =>
  t.db.selectFrom('audit_log').selectAll().where('kind', '=', kind).orderBy('at').execute();
const candidates = () => t.db.selectFrom('entrance_candidates').selectAll().orderBy('roll_number').execute();
const session = (over: object = {}) => ({
  date: '2084-05-10',
  time: '10:30',
  minutes: 90,
  placeEn: 'Hall A',
  placeNe: 'हल क',
  capacity: 4,
  bringEn: 'This card, a pen and a pencil.',
  bringNe: 'यो पत्र, कलम र सिसाकलम।',
  programmes: [f.science],
  ...over,
});
const ids: Record<string, string> = {};

describe('who may manage the entrance', () => {
  it('lets the admissions role and an owner in, answers an editor 403 and the signed-out 401', async () => {
    expect((await asOffice('GET', '/api/admin/entrance')).statusCode).toBe(200);
    expect((await t.asAdmin({ method: 'GET', url: '/api/admin/entrance' })).statusCode).toBe(200);
    const editorHeaders = { ...SAME_ORIGIN, cookie: cookies.editor };
    for (const [method, url] of [
      ['GET', '/api/admin/entrance'],
      ['POST', `/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`],
      ['POST', `/api/admin/entrance/seasons/${f.seasonId}/sessions`],
    ] as const) {
      const editor = await t.app.inject({ method, url, headers: editorHeaders, payload: session() });
      expect(editor.statusCode, url).toBe(403);
      expect((await t.anonymous({ method, url, payload: session() })).statusCode, url).toBe(401);
    }
    expect(await t.db.selectFrom('entrance_sessions').selectAll().execute()).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('refuses a time, a place or programmes that are not right, saving nothing', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/sessions`;
    for (const [bad, message] of [
      [{ time: '25:00' }, 'Enter the start time as HH:MM, for example 10:30.'],
      [{ date: '2084-13-01' }, null],
      [{ placeEn: ' ' }, 'Enter the place or room.'],
      [{ capacity: 0 }, 'A session seats at least 1 candidate.'],
      [{ programmes: [] }, 'Choose the programmes whose candidates sit this session.'],
      [{ programmes: ['not-a-programme-of-this-season'] }, 'Choose programmes of this season.'],
    ] as const) {
      const res = await asOffice('POST', url, session(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      if (message) expect(res.json().error.message).toBe(message);
    }
    expect(await t.db.selectFrom('entrance_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('keeps the B.S. day and the Nepal time typed as the instant they name, and lists it back', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/sessions`;
    const science = await asOffice('POST', url, session());
    expect(science.statusCode, science.body).toBe(201);
    ids.science = science.json().id;
    const management = await asOffice(
      'POST',
      url,
      session({ placeEn: 'Hall B', capacity: 3, programmes: [f.management] }),
    );
    ids.management = management.json().id;
    // 10 Bhadra 2084 is 26 Aug 2027; 10:30 in Nepal is 04:45 UTC.
    const row = await t.db
      .selectFrom('entrance_sessions')
      .selectAll()
      .where('id', '=', ids.science!)
      .executeTakeFirstOrThrow();
    expect(row.starts_at).toBe('2027-08-26T04:45:00.000Z');
    const overview = (await asOffice('GET', `/api/admin/entrance?season=${f.seasonId}`)).json();
    expect(overview.sessions.map((s: { date: string; time: string }) => `${s.date} ${s.time}`)).toEqual([
      '2084-05-10 10:30',
      '2084-05-10 10:30',
    ]);
    expect(overview.awaiting).toBe(10);
    expect((await auditOf('entrance-session-created')).map((a) => a.subject)).toEqual([
      'Season 2084/85: 2084-05-10 10:30 Hall A',
      'Season 2084/85: 2084-05-10 10:30 Hall B',
    ]);
  });
});

describe('roll numbers', () => {
  it('two offices assigning at once give each eligible application one roll number, unique in the season, within capacity', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`;
    const [a, b] = await Promise.all([asOffice('POST', url), asOffice('POST', url)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const seated = await candidates();
    // Hall A holds 4 of the 7 Science candidates, Hall B all 3 of Management.
    expect(seated.map((c) => Number(c.roll_number))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(seated.map((c) => c.application_id)).size).toBe(7);
    expect(seated.filter((c) => c.session_id === ids.science)).toHaveLength(4);
    expect(seated.filter((c) => c.session_id === ids.management)).toHaveLength(3);
    expect(new Set(seated.map((c) => c.card_code)).size).toBe(7);
    expect(seated.every((c) => /^[\w-]{24}$/u.test(c.card_code))).toBe(true);
    const eligible = new Set([0, 1, 2, 3, 4, 5, 8, 9, 10, 11].map((i) => f.applications[i]!.id));
    expect(seated.every((c) => eligible.has(c.application_id))).toBe(true);
    // The 3 Science candidates without a seat are named with the reason, by whichever assigner came second or both.
    const unseated = [...a.json().unseated, ...b.json().unseated];
    expect(unseated.length).toBeGreaterThanOrEqual(3);
    expect(unseated[0].message).toBe(
      'No session serving this programme has a seat left: add a session or raise a capacity.',
    );
    expect(unseated[0].programme).toBe('Science');
  });

  it("queues each guardian's 'admit card ready' SMS (and e-mail when given) in the application's language", async () => {
    const messages = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('event', 'like', 'application-admit-card:%')
      .execute();
    const sms = messages.filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(7);
    const email = messages.filter((m) => m.channel === 'email');
    expect(email).toHaveLength(1);
    expect(email[0]!.recipient).toBe('sita@example.np');
    // Application 0 is in Nepali (every fourth is), application 1 in English.
    expect(email[0]!.subject).toContain('प्रवेश पत्र तयार');
    const english = sms.find((m) => m.event === `application-admit-card:${f.applications[1]!.id}`)!;
    expect(english.text).toContain('admit card ready');
    expect(english.text).not.toMatch(/20\d\d-\d\d-\d\d/u);
  });

  it('a new session seats those left without one, continuing the roll numbers; an assignment with no one waiting does nothing', async () => {
    const created = await asOffice(
      'POST',
      `/api/admin/entrance/seasons/${f.seasonId}/sessions`,
      session({ placeEn: 'Hall C', time: '14:00', capacity: 10 }),
    );
    ids.late = created.json().id;
    const res = await asOffice('POST', `/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`);
    expect(res.json().assigned.map((a: { rollNumber: number }) => a.rollNumber)).toEqual([8, 9, 10]);
    expect(res.json().unseated).toEqual([]);
    const again = await asOffice('POST', `/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`);
    expect(again.json()).toEqual({ assigned: [], unseated: [] });
    const audits = await auditOf('roll-numbers-assigned');
    expect(audits.map((a) => a.subject)).toContain('Season 2084/85: 3 roll numbers (8–10)');
  });

  it('an application verified later gets its roll number at once, unique however many offices verify together', async () => {
    const hallD = await asOffice(
      'POST',
      `/api/admin/entrance/seasons/${f.seasonId}/sessions`,
      session({ placeEn: 'Hall D', time: '14:00', capacity: 5, programmes: [f.management] }),
    );
    expect(hallD.statusCode, hallD.body).toBe(201);
    // Two vouchers verified and one corrected application verified, by three offices at the same moment.
    const [six, seven, thirteen] = await Promise.all([
      asOffice('POST', `/api/admin/applications/${f.applications[6]!.id}/payment`, { decision: 'verified' }),
      asOffice('POST', `/api/admin/applications/${f.applications[7]!.id}/payment`, { decision: 'verified' }),
      asOffice('POST', `/api/admin/applications/${f.applications[13]!.id}/state`, { to: 'documents-verified' }),
    ]);
    expect([six.statusCode, seven.statusCode, thirteen.statusCode], six.body + seven.body + thirteen.body).toEqual([
      204, 204, 204,
    ]);
    const seated = await candidates();
    expect(seated.map((c) => Number(c.roll_number))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const late = seated.filter((c) => Number(c.roll_number) > 10);
    expect(late.map((c) => c.application_id).sort()).toEqual([6, 7, 13].map((i) => f.applications[i]!.id).sort());
    expect(late.find((c) => c.application_id === f.applications[13]!.id)!.session_id).toBe(hallD.json().id);
    expect(late.filter((c) => c.session_id === ids.late)).toHaveLength(2);
    const told = await t.db
      .selectFrom('outbox_messages')
      .select('event')
      .where(
        'event',
        'in',
        [6, 7, 13].map((i) => `application-admit-card:${f.applications[i]!.id}`),
      )
      .where('channel', '=', 'sms')
      .execute();
    expect(told).toHaveLength(3);
    // The office's button finds nobody left to seat.
    const again = await asOffice('POST', `/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`);
    expect(again.json()).toEqual({ assigned: [], unseated: [] });
  });

  it('refuses to delete a session with candidates, or to shrink it below them; an empty one goes', async () => {
    const del = await asOffice('DELETE', `/api/admin/entrance/sessions/${ids.science}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('Candidates are seated in this session: it cannot be deleted.');
    const shrink = await asOffice('PUT', `/api/admin/entrance/sessions/${ids.science}`, session({ capacity: 3 }));
    expect(shrink.statusCode).toBe(409);
    const move = await asOffice('PUT', `/api/admin/entrance/sessions/${ids.science}`, session({ time: '11:00' }));
    expect(move.statusCode, move.body).toBe(204);
    expect((await auditOf('entrance-session-changed'))[0]!.changes).toContain('10:30');
    const empty = await asOffice(
      'POST',
      `/api/admin/entrance/seasons/${f.seasonId}/sessions`,
      session({ placeEn: 'Spare room' }),
    );
    expect((await asOffice('DELETE', `/api/admin/entrance/sessions/${empty.json().id}`)).statusCode).toBe(204);
    expect(await auditOf('entrance-session-deleted')).toHaveLength(1);
  });
});

describe('admit cards', () => {
  it('opens the card of an applicant with one, recording the first opening; none for an applicant without', async () => {
    const entrance = t.app.services.entrance;
    const first = f.applications[0]!;
    const card = await entrance.admitCard(applicantFor(first.id, first.reference), first.id);
    expect(card).toMatchObject({ rollNumber: expect.any(Number), nameEn: first.nameEn, programmeEn: 'Science' });
    expect(card!.photo).toMatch(/^data:image\/jpeg;base64,/u);
    expect(card!.session.bringNe).toBe('यो पत्र, कलम र सिसाकलम।');
    const opened = await t.db
      .selectFrom('entrance_candidates')
      .select('card_opened_at')
      .where('application_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(opened.card_opened_at).toBe(clock.now().toISOString());
    const without = f.applications[12]!;
    expect(await entrance.admitCard(applicantFor(without.id, without.reference), without.id)).toBeNull();
    const list = (await asOffice('GET', `/api/admin/entrance/sessions/${card!.session.id}/candidates`)).json();
    const opener = list.candidates.find((c: { applicationId: string }) => c.applicationId === first.id);
    expect(opener.cardOpenedAt).toBe(clock.now().toISOString());
    expect(list.candidates.filter((c: { cardOpenedAt: string | null }) => c.cardOpenedAt === null).length).toBe(
      list.candidates.length - 1,
    );
  });

  it("checks a card by its code: the card's name, roll number and session, no photo; a wrong code finds nothing", async () => {
    const entrance = t.app.services.entrance;
    const row = (await candidates())[0]!;
    const checked = await entrance.checkCard(row.card_code);
    expect(checked).toMatchObject({ rollNumber: 1, code: row.card_code });
    expect(checked).not.toHaveProperty('photo');
    expect(checked).not.toHaveProperty('reference');
    expect(
      await entrance.checkCard(`${row.card_code.slice(0, -1)}${row.card_code.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
    expect(await entrance.checkCard('x')).toBeNull();
    expect(await entrance.checkCard("' or 1=1 --")).toBeNull();
  });

  it('prints every card of a session with photos, and audits the opening of the photos', async () => {
    // The print page's loader calls the service with the signed-in office; the command line stands for it here.
    const { cards } = await t.app.services.entrance.printCards(COMMAND_LINE_ACTOR, ids.science!);
    expect(cards.map((c) => c.rollNumber)).toEqual([1, 2, 3, 4]);
    const opened = await auditOf('application-document-opened');
    expect(opened.at(-1)!.subject).toMatch(/^Admit cards with photos: .* Hall A \(4\)$/u);
  });
});

describe('marks', () => {
  const marksOf = async () =>
    Object.fromEntries(
      (await candidates()).map((c) => [Number(c.roll_number), Number(c.absent) ? 'absent' : c.marks_hundredths]),
    );

  it("saves a session's grid in one post; one bad row saves nothing", async () => {
    const url = `/api/admin/entrance/sessions/${ids.science}/marks`;
    const bad = await asOffice('POST', url, {
      rows: [
        { rollNumber: 1, marks: '45.5' },
        { rollNumber: 2, marks: '101' },
        { rollNumber: 3, marks: '', absent: true },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Nothing was saved: 1 row is not right. 101 for roll number 2 is outside 0–100.',
    );
    expect((await marksOf())[1]).toBeNull();
    const outsider = await asOffice('POST', url, { rows: [{ rollNumber: 5, marks: '40' }] });
    expect(outsider.json().error.message).toContain('Roll number 5 is not a candidate of this season.');
    const good = await asOffice('POST', url, {
      rows: [
        { rollNumber: 1, marks: '45.5' },
        { rollNumber: 2, marks: '100' },
        { rollNumber: 3, marks: '', absent: true },
        { rollNumber: 4, marks: '0' },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ changed: 4 });
    expect(await marksOf()).toMatchObject({ 1: 4550, 2: 10000, 3: 'absent', 4: 0 });
    const audits = await auditOf('entrance-marks-changed');
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.changes)).toEqual([
      { field: 'Roll number 1', from: '', to: '45.5' },
      { field: 'Roll number 2', from: '', to: '100' },
      { field: 'Roll number 3', from: '', to: 'absent' },
      { field: 'Roll number 4', from: '', to: '0' },
    ]);
    // The same grid again changes nothing and writes no entry.
    expect((await asOffice('POST', url, { rows: [{ rollNumber: 1, marks: '45.50' }] })).json()).toEqual({ changed: 0 });
    expect(await auditOf('entrance-marks-changed')).toHaveLength(1);
  });

  it('names every bad row of a CSV file and imports nothing until the file is clean', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/marks.csv`;
    const file = [
      '\uFEFFRoll number,Marks',
      '5,62',
      '99,50',
      '6,abc',
      '7,120',
      '8,-3',
      '5,70',
      '9,AB',
      '',
      '10,absent',
      '11,"55.25"',
    ].join('\r\n');
    const before = await marksOf();
    const res = await asOffice('POST', url, { csv: file, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(0);
    expect(body.problems).toEqual([
      { line: 3, rollNumber: '99', message: 'Roll number 99 is not a candidate of this season.' },
      {
        line: 4,
        rollNumber: '6',
        message: "'abc' for roll number 6 is not a number of marks (write 45 or 45.5, or AB for absent).",
      },
      { line: 5, rollNumber: '7', message: '120 for roll number 7 is outside 0–100.' },
      {
        line: 6,
        rollNumber: '8',
        message: "'-3' for roll number 8 is not a number of marks (write 45 or 45.5, or AB for absent).",
      },
      { line: 7, rollNumber: '5', message: 'Roll number 5 is given twice (also on line 2).' },
    ]);
    expect(await marksOf()).toEqual(before);

    const fixed = ['Roll number,Marks', '5,62', '6,48', '7,99.5', '8,3', '9,AB', '10,absent', '11,"55.25"'].join('\n');
    const preview = (await asOffice('POST', url, { csv: fixed })).json();
    expect(preview).toMatchObject({ problems: [], imported: 0 });
    expect(preview.rows).toHaveLength(7);
    expect(await marksOf()).toEqual(before);
    const imported = (await asOffice('POST', url, { csv: fixed, commit: true })).json();
    expect(imported.imported).toBe(7);
    expect(await marksOf()).toMatchObject({ 5: 6200, 6: 4800, 7: 9950, 8: 300, 9: 'absent', 10: 'absent', 11: 5525 });
    const audits = await auditOf('entrance-marks-changed');
    expect(audits).toHaveLength(2);
    expect(audits[1]!.subject).toBe('Season 2084/85: marks imported from a CSV file');
  });

  it("checks marks against the season's full marks, which cannot go below marks entered", async () => {
    const settings = (fullMarks: number) => ({
      rules: ['marks', 'gpa', 'mathematics', 'science', 'english', 'older'],
      passMark: 10,
      fullMarks,
      showMarks: false,
      listNames: true,
      autoOffer: true,
      confirmDays: 7,
    });
    const below = await asOffice('PUT', `/api/admin/merit/${f.seasonId}/settings`, settings(80));
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toBe('Full marks cannot be below the highest marks entered (100).');
    const saved = await asOffice('PUT', `/api/admin/merit/${f.seasonId}/settings`, settings(150));
    expect(saved.statusCode, saved.body).toBe(200);
    const url = `/api/admin/entrance/seasons/${f.seasonId}/marks.csv`;
    expect((await asOffice('POST', url, { csv: 'Roll number,Marks\n5,140' })).json().problems).toEqual([]);
    expect((await asOffice('POST', url, { csv: 'Roll number,Marks\n5,151' })).json().problems).toEqual([
      { line: 2, rollNumber: '5', message: '151 for roll number 5 is outside 0–150.' },
    ]);
    const grid = await asOffice('POST', `/api/admin/entrance/sessions/${ids.science}/marks`, {
      rows: [{ rollNumber: 1, marks: '151' }],
    });
    expect(grid.json().error.message).toContain('151 for roll number 1 is outside 0–150.');
    const list = await asOffice('GET', `/api/admin/entrance/sessions/${ids.science}/candidates`);
    expect(list.json().fullMarks).toBe(150);
  });

  it('reads the columns by their header, in any order, and refuses a header that names neither', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/marks.csv`;
    const swapped = await asOffice('POST', url, { csv: 'Name,Marks,Roll number\nSita,62,5\nGita,AB,6' });
    expect(swapped.json()).toMatchObject({
      problems: [],
      rows: [
        { rollNumber: 5, marks: '62' },
        { rollNumber: 6, marks: 'absent' },
      ],
    });
    const unnamed = await asOffice('POST', url, { csv: 'Symbol number,Score card\n5,62', commit: true });
    expect(unnamed.json()).toEqual({
      rows: [],
      problems: [{ line: 1, rollNumber: '', message: MARKS_COLUMNS_UNKNOWN }],
      imported: 0,
    });
    // Without a header: the roll number, then the marks.
    expect((await asOffice('POST', url, { csv: '5,62\n6,AB' })).json().rows).toEqual([
      { rollNumber: 5, marks: '62' },
      { rollNumber: 6, marks: 'absent' },
    ]);
  });

  it('refuses an empty file', async () => {
    const res = await asOffice('POST', `/api/admin/entrance/seasons/${f.seasonId}/marks.csv`, {
      csv: 'Roll number,Marks\n',
      commit: true,
    });
    expect(res.json().problems).toEqual([{ line: 1, rollNumber: '', message: 'The file has no rows of marks.' }]);
  });

  it('asks before importing marks ahead of the entrance date: 409 with the question, then saved once confirmed', async () => {
    const url = `/api/admin/entrance/seasons/${f.seasonId}/marks.csv`;
    const entranceOn = (on: string) =>
      t.db.updateTable('admission_seasons').set({ entrance_on: on }).where('id', '=', f.seasonId).execute();
    // Today is 4 Shrawan 2084 in Nepal; the entrance examination is on 1 Bhadra. Devanagari digits, as typed.
    await entranceOn('2084-05-01');
    try {
      const before = await marksOf();
      const csv = 'रोल नम्बर,अङ्क\n५,७८.५\n';
      const preview = await asOffice('POST', url, { csv });
      expect(preview.json()).toMatchObject({ problems: [], imported: 0, rows: [{ rollNumber: 5, marks: '78.5' }] });
      const asked = await asOffice('POST', url, { csv, commit: true });
      expect(asked.statusCode).toBe(409);
      expect(asked.json().error).toMatchObject({
        code: 'entrance/before-exam',
        message:
          'The entrance examination is on 1 Bhadra 2084 B.S., and that day has not come: import the marks anyway?',
      });
      expect(await marksOf()).toEqual(before);
      const confirmed = await asOffice('POST', url, { csv, commit: true, confirmBeforeEntrance: true });
      expect(confirmed.json().imported).toBe(1);
      expect((await marksOf())[5]).toBe(7850);
      // On the day itself nothing is asked.
      await entranceOn('2084-04-04');
      expect((await asOffice('POST', url, { csv: '5,62', commit: true })).statusCode).toBe(200);
    } finally {
      await entranceOn('');
    }
  });

  it("asks before saving a session's grid ahead of the entrance date: 409 with the question, then saved once confirmed", async () => {
    const url = `/api/admin/entrance/sessions/${ids.science}/marks`;
    const entranceOn = (on: string) =>
      t.db.updateTable('admission_seasons').set({ entrance_on: on }).where('id', '=', f.seasonId).execute();
    // Today is 4 Shrawan 2084 in Nepal; the entrance examination is on 5 Shrawan, the next day.
    await entranceOn('2084-04-05');
    try {
      const before = await marksOf();
      const audits = (await auditOf('entrance-marks-changed')).length;
      const page = (await asOffice('GET', `/api/admin/entrance/sessions/${ids.science}/candidates`)).json();
      const question =
        'The entrance examination is on 5 Shrawan 2084 B.S., and that day has not come: save the marks anyway?';
      expect(page.beforeEntrance).toBe(question);
      // A bad row is named first; the question is asked of a grid that could be saved.
      const bad = await asOffice('POST', url, { rows: [{ rollNumber: 1, marks: '151' }] });
      expect(bad.statusCode).toBe(400);
      const asked = await asOffice('POST', url, { rows: [{ rollNumber: 1, marks: '४६' }] });
      expect(asked.statusCode).toBe(409);
      expect(asked.json().error).toEqual({ code: 'entrance/before-exam', message: question });
      expect(await marksOf()).toEqual(before);
      expect(await auditOf('entrance-marks-changed')).toHaveLength(audits);
      const confirmed = await asOffice('POST', url, {
        rows: [{ rollNumber: 1, marks: '४६' }],
        confirmBeforeEntrance: true,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ changed: 1 });
      expect((await marksOf())[1]).toBe(4600);
      // On the day itself nothing is asked, and the page has nothing to ask.
      const today = clock.now();
      clock.advance(86_400_000);
      try {
        expect((await asOffice('GET', `/api/admin/entrance/sessions/${ids.science}/candidates`)).json()).toMatchObject({
          beforeEntrance: null,
        });
        const onTheDay = await asOffice('POST', url, { rows: [{ rollNumber: 1, marks: '47' }] });
        expect(onTheDay.statusCode, onTheDay.body).toBe(200);
        expect((await marksOf())[1]).toBe(4700);
      } finally {
        clock.set(today);
      }
    } finally {
      await entranceOn('');
    }
  });
});
