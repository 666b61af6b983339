import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adDateToBs, bsToAdDate } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { FULL_CALENDAR, a } from '#server/test-support/seasons.ts';

// The 2084/85 season: applications open 1 Ashadh 2084 (15 Jun 2027) and close 31 Ashadh (15 Jul 2027),
// late until 5 Shrawan (21 Jul 2027). The clock starts on 1 Jun 2027 (18 Jestha 2084), before opening.
const clock = new ManualClock('2027-06-01T06:00:00Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
});
afterAll(() => t.close());

const SEASON = a.season({ ...FULL_CALENDAR, documentsEn: 'SEE grade sheet and character certificate' });

const SCIENCE = {
  nameEn: 'Science',
  nameNe: 'विज्ञान',
  stream: 'Science',
  seats: 400,
  fees: [
    { nameEn: 'Admission fee', nameNe: 'भर्ना शुल्क', amount: 25_000, period: 'once', neb: false },
    { nameEn: 'Monthly fee', nameNe: 'मासिक शुल्क', amount: 6_500, period: 'month', neb: false },
    { nameEn: 'NEB registration', nameNe: '', amount: 1_500, period: 'once', neb: true },
  ],
  admissionFeeForContinuing: false,
  feeApprovedBy: 'Bharatpur Metropolitan City, Education Section',
  feeApprovedOn: '2084-02-15',
  feeReference: 'BMC/EDU/2084-112',
  minGpa: 2.0,
  minGrades: [
    { subject: 'Science', grade: 'C+' },
    { subject: 'Mathematics', grade: 'C+' },
  ],
  scholarshipSeats: {} as Record<string, number>,
};

const post = (url: string, payload: object) => t.asAdmin({ method: 'POST', url, payload });
const put = (url: string, payload: object) => t.asAdmin({ method: 'PUT', url, payload });
const publicNow = async () => (await t.anonymous({ method: 'GET', url: '/api/admission' })).json();
const auditKinds = async () =>
  (await t.db.selectFrom('audit_log').select(['kind', 'subject']).orderBy('at').execute()).map((r) => r.kind);
/** Midnight in Nepal at the start of an A.D. day, and the last millisecond before it. */
const nepalMidnight = (ymd: string) => new Date(`${ymd}T00:00:00+05:45`);
const justBefore = (ymd: string) => new Date(nepalMidnight(ymd).getTime() - 1);

let seasonId = '';
let meritId = '';

describe('an admission season', () => {
  it('is created as a draft, gets programmes and a scholarship category, and the public still sees the switch', async () => {
    const created = await post('/api/admin/seasons', SEASON);
    expect(created.statusCode, created.body).toBe(201);
    seasonId = created.json().id;
    expect(created.json()).toMatchObject({ name: '2084/85', publishedAt: null });

    const merit = await post(`/api/admin/seasons/${seasonId}/categories`, {
      nameEn: 'Open merit',
      nameNe: 'खुला योग्यता',
      proofEn: 'SEE grade sheet',
      proofNe: '',
    });
    expect(merit.statusCode, merit.body).toBe(201);
    meritId = merit.json().id;

    const science = await post(`/api/admin/seasons/${seasonId}/programmes`, {
      ...SCIENCE,
      scholarshipSeats: { [meritId]: 30 },
    });
    expect(science.statusCode, science.body).toBe(201);
    const management = await post(`/api/admin/seasons/${seasonId}/programmes`, {
      ...SCIENCE,
      nameEn: 'Management',
      stream: 'Management',
      seats: 100,
      minGpa: 1.6,
      minGrades: [],
      scholarshipSeats: { [meritId]: 10 },
    });
    expect(management.statusCode, management.body).toBe(201);

    expect(await publicNow()).toEqual({
      status: 'ADMISSION ENQUIRY',
      season: null,
      closingSoonDays: null,
      lateFee: null,
      source: { by: 'manual', season: null },
    });
    expect((await t.anonymous({ method: 'GET', url: '/api/admission/season' })).statusCode).toBe(404);
  });

  it('refuses a second programme or category of the same name (case and spaces aside), in a new one or a rename', async () => {
    const view = async () => (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json();
    const before = await view();
    const category = await post(`/api/admin/seasons/${seasonId}/categories`, {
      nameEn: '  open   MERIT ',
      nameNe: '',
      proofEn: '',
      proofNe: '',
    });
    expect(category.statusCode).toBe(409);
    expect(category.json().error).toEqual({
      code: 'admission/category-exists',
      message: 'This season already has a category named Open merit.',
    });
    const programme = await post(`/api/admin/seasons/${seasonId}/programmes`, { ...SCIENCE, nameEn: 'science ' });
    expect(programme.statusCode).toBe(409);
    expect(programme.json().error).toEqual({
      code: 'admission/programme-exists',
      message: 'This season already has a programme named Science.',
    });
    // Renaming Management to Science is the same duplicate.
    const management = (before.programmes as { id: string }[])[1];
    const renamed = await put(`/api/admin/programmes/${management!.id}`, { ...SCIENCE, nameEn: 'SCIENCE' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.code).toBe('admission/programme-exists');
    const after = await view();
    expect(after.programmes.map((p: { nameEn: string }) => p.nameEn)).toEqual(['Science', 'Management']);
    expect(after.categories.map((c: { nameEn: string }) => c.nameEn)).toEqual(['Open merit']);
  });

  it('computes the legal minimum of free seats and refuses to publish below it without confirmation', async () => {
    const view = (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json();
    // 500 seats: 10 % is 50; 40 declared.
    expect(view.quota).toMatchObject({ totalSeats: 500, enrolment: 500, legalMinimum: 50, declared: 40 });
    expect(view.quota.warnings[0]).toMatch(/declares 40 free seats; the law asks for at least 50/u);

    const refused = await post(`/api/admin/seasons/${seasonId}/publish`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'admission/quota-below-minimum' });
    expect(
      (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json().season.publishedAt,
    ).toBeNull();

    for (const [enrolment, minimum] of [
      [500, 50],
      [501, 61],
      [800, 96],
      [801, 121],
    ] as const) {
      expect(
        (await put(`/api/admin/seasons/${seasonId}`, { ...SEASON, expectedEnrolment: enrolment })).statusCode,
      ).toBe(200);
      const quota = (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json().quota;
      expect(quota, String(enrolment)).toMatchObject({ enrolment, legalMinimum: minimum });
    }
    await put(`/api/admin/seasons/${seasonId}`, SEASON);

    const published = await post(`/api/admin/seasons/${seasonId}/publish`, { belowMinimum: true });
    expect(published.statusCode, published.body).toBe(200);
    // Published on 1 Jun 2027: the quota is public from that day, 45 days before applications close.
    expect(published.json().season).toMatchObject({ quotaPublishedOn: bsDateString(adDateToBs('2027-06-01')) });
    expect(published.json().season.publishedAt).toBe('2027-06-01T06:00:00.000Z');
    expect(published.json().quota.daysPublicBeforeClosing).toBe(45);
  });

  it('moves the public status by its dates at midnight in Nepal', async () => {
    const at = async (instant: Date) => {
      clock.set(instant);
      return publicNow();
    };
    expect(await at(justBefore('2027-06-15'))).toMatchObject({ status: 'ADMISSION ENQUIRY', season: '2084/85' });
    expect(await at(nepalMidnight('2027-06-15'))).toMatchObject({ status: 'ADMISSION OPEN', closingSoonDays: null });
    expect(await at(justBefore('2027-07-13'))).toMatchObject({ status: 'ADMISSION OPEN', closingSoonDays: null });
    expect(await at(nepalMidnight('2027-07-13'))).toMatchObject({ status: 'ADMISSION OPEN', closingSoonDays: 3 });
    expect(await at(nepalMidnight('2027-07-15'))).toMatchObject({ closingSoonDays: 1, lateFee: null });
    expect(await at(nepalMidnight('2027-07-16'))).toMatchObject({
      status: 'ADMISSION OPEN',
      closingSoonDays: null,
      lateFee: 500,
    });
    expect(await at(justBefore('2027-07-22'))).toMatchObject({ status: 'ADMISSION OPEN', lateFee: 500 });
    expect(await at(nepalMidnight('2027-07-22'))).toMatchObject({ status: 'ADMISSION CLOSED', lateFee: null });
    clock.set('2027-06-20T06:00:00Z');
  });

  it('lets an owner set the status instead of the dates, recorded in the audit log, and follow the dates again', async () => {
    const res = await put(`/api/admin/seasons/${seasonId}/override`, { status: 'ADMISSION CLOSED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicNow()).toMatchObject({ status: 'ADMISSION CLOSED' });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', 'season-override')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes)).toEqual([
      { field: 'Public status', from: 'Follow the dates', to: 'ADMISSION CLOSED' },
    ]);
    await put(`/api/admin/seasons/${seasonId}/override`, { status: '' });
    expect(await publicNow()).toMatchObject({ status: 'ADMISSION OPEN' });
  });

  it('shows the published season publicly with its programmes, fees and quota', async () => {
    const res = await t.anonymous({ method: 'GET', url: '/api/admission/season' });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.programmes.map((p: { nameEn: string }) => p.nameEn)).toEqual(['Science', 'Management']);
    expect(view.programmes[0].fees[0]).toEqual(SCIENCE.fees[0]);
    expect(view.categories[0]).toMatchObject({ nameEn: 'Open merit' });
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json();
    const programmeId = before.programmes[0].id;
    const cases: [string, string, object, RegExp][] = [
      ['PUT', `/api/admin/seasons/${seasonId}`, { ...SEASON, closesOn: '2084-02-30' }, /close before they open/u],
      ['PUT', `/api/admin/seasons/${seasonId}`, { ...SEASON, opensOn: '2084-03-33' }, /Ashadh 2084 has 32 days/u],
      ['PUT', `/api/admin/seasons/${seasonId}`, { ...SEASON, opensOn: '2099-01-01' }, /outside the calendar/u],
      ['PUT', `/api/admin/programmes/${programmeId}`, { ...SCIENCE, seats: -1 }, /Seats cannot be below zero/u],
      [
        'PUT',
        `/api/admin/programmes/${programmeId}`,
        { ...SCIENCE, fees: [{ nameEn: 'Admission fee', nameNe: '', period: 'once', neb: false }] },
        /amount/u,
      ],
      [
        'PUT',
        `/api/admin/programmes/${programmeId}`,
        { ...SCIENCE, minGpa: 4.5 },
        /lowest GPA must be between 0 and 4/u,
      ],
      [
        'PUT',
        `/api/admin/programmes/${programmeId}`,
        { ...SCIENCE, minGrades: [{ subject: 'Science', grade: 'E' }] },
        /NEB scale/u,
      ],
    ];
    for (const [method, url, payload, message] of cases) {
      const res = await t.asAdmin({ method: method as 'PUT', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    const after = (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json();
    expect(after).toEqual(before);
  });

  it('recorded every change in the audit log', async () => {
    const kinds = await auditKinds();
    expect(kinds.filter((k) => k.startsWith('season-'))).toEqual([
      'season-created',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-changed',
      'season-published',
      'season-override',
      'season-override',
    ]);
  });

  it('keeps a published season: deleting it is refused', async () => {
    const res = await t.asAdmin({ method: 'DELETE', url: `/api/admin/seasons/${seasonId}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Season 2084/85 has been published and is kept on record.');
  });

  it('moves with a corrected calendar: the opening day keeps its B.S. date, its A.D. day and the status follow', async () => {
    // 2084 with Jestha one day shorter and Shrawan one day longer: 1 Ashadh 2084 falls a day earlier.
    const months = [31, 30, 32, 32, 31, 30, 30, 30, 29, 30, 30, 30];
    const res = await put('/api/admin/calendar/2084', { months, source: 'Nepal Panchanga Nirnayak Samiti, 2084' });
    expect(res.statusCode, res.body).toBe(200);
    try {
      expect(bsToAdDate({ year: 2084, month: 3, day: 1 })).toBe('2027-06-14');
      clock.set(nepalMidnight('2027-06-14'));
      expect(await publicNow()).toMatchObject({ status: 'ADMISSION OPEN' });
    } finally {
      expect((await t.asAdmin({ method: 'DELETE', url: '/api/admin/calendar/2084' })).statusCode).toBe(200);
      clock.set('2027-06-20T06:00:00Z');
    }
    expect(bsToAdDate({ year: 2084, month: 3, day: 1 })).toBe('2027-06-15');
  });

  it('can be taken off the public pages: the manual switch decides again, audited', async () => {
    const res = await post(`/api/admin/seasons/${seasonId}/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ publishedAt: null, quotaPublishedOn: '' });
    expect(await publicNow()).toEqual({
      status: 'ADMISSION ENQUIRY',
      season: null,
      closingSoonDays: null,
      lateFee: null,
      source: { by: 'manual', season: null },
    });
    expect((await auditKinds()).at(-1)).toBe('season-withdrawn');
    expect((await t.asAdmin({ method: 'DELETE', url: `/api/admin/seasons/${seasonId}` })).statusCode).toBe(204);
  });

  it('converts its B.S. dates with the calendar the site uses', () => {
    expect(bsToAdDate({ year: 2084, month: 3, day: 1 })).toBe('2027-06-15');
  });
});
