import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAdmission } from '#common/admission/admission.ts';
import { admissionStatusLine } from '#common/admission/admission-status-line.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { FULL_CALENDAR, a } from '#server/test-support/seasons.ts';

// The status page's switch is the override of the published season, or, with none published, the status
// stored by hand: whatever it is set to, the public sees the same. The 2084/85 season opens 1 Ashadh 2084
// (15 Jun 2027), closes 31 Ashadh (15 Jul 2027), takes late applications until 5 Shrawan (21 Jul 2027).
const clock = new ManualClock('2027-06-01T06:00:00Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
});
afterAll(() => t.close());

const SEASON = a.season(FULL_CALENDAR);
const PROGRAMME = {
  nameEn: 'Science',
  nameNe: '',
  stream: 'Science',
  seats: 40,
  fees: [{ nameEn: 'Admission fee', nameNe: '', amount: 25_000, period: 'once', neb: false }],
  admissionFeeForContinuing: false,
  feeApprovedBy: 'Bharatpur Metropolitan City',
  feeApprovedOn: '2084-02-15',
  feeReference: '',
  minGpa: 0,
  minGrades: [],
  scholarshipSeats: {},
};

const publicNow = async () => (await t.app.inject({ method: 'GET', url: '/api/admission' })).json<PublicAdmission>();
const put = (status: string, cookie?: string) =>
  cookie
    ? t.app.inject({
        method: 'PUT',
        url: '/api/admin/admission',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { status },
      })
    : t.asAdmin({ method: 'PUT', url: '/api/admin/admission', payload: { status } });
const lastAudit = async () =>
  t.db.selectFrom('audit_log').select(['kind', 'subject', 'changes']).orderBy('at', 'desc').limit(1).executeTakeFirst();

const seasonStep = async () =>
  (await t.asAdmin({ method: 'GET', url: '/api/admin/content/checklist' }))
    .json<{ items: { id: string; page: string; done: boolean }[] }>()
    .items.find((i) => i.id === 'admission-season');

/** Noon in Nepal of an A.D. day. */
const nepalNoon = (ymd: string) => `${ymd}T06:15:00Z`;
const PHASES = [
  { phase: 'upcoming', day: '2027-06-01', dated: 'ADMISSION ENQUIRY', says: 'opens 1 Ashadh 2084 B.S.' },
  { phase: 'open', day: '2027-06-20', dated: 'ADMISSION OPEN', says: 'closes 31 Ashadh 2084 B.S.' },
  {
    phase: 'late',
    day: '2027-07-18',
    dated: 'ADMISSION OPEN',
    says: 'closed 31 Ashadh 2084 B.S., late applications until 5 Shrawan 2084 B.S.',
  },
  { phase: 'closed', day: '2027-07-25', dated: 'ADMISSION CLOSED', says: 'closed 5 Shrawan 2084 B.S.' },
] as const;

let seasonId = '';

describe('PUT /api/admin/admission with no season published', () => {
  it('stores ADMISSION ENQUIRY or ADMISSION OPEN, which the public sees at once, audited', async () => {
    expect(await publicNow()).toMatchObject({ status: 'ADMISSION ENQUIRY', source: { by: 'manual', season: null } });
    const open = await put('ADMISSION OPEN');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual(await publicNow());
    expect(open.json()).toMatchObject({ status: 'ADMISSION OPEN', source: { by: 'manual' } });
    expect(admissionStatusLine(open.json())).toBe('ADMISSION OPEN, set by hand (no season is published)');
    expect(await lastAudit()).toMatchObject({ kind: 'admission-changed', subject: 'ADMISSION OPEN' });
    expect((await put('ADMISSION ENQUIRY')).statusCode).toBe(200);
    expect((await publicNow()).status).toBe('ADMISSION ENQUIRY');
  });

  it('refuses CLOSED and "follow the dates" (there are no dates) by name, and keeps the status', async () => {
    for (const status of ['ADMISSION CLOSED', '']) {
      const res = await put(status);
      expect(res.statusCode, status).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation', message: /No season is published/u } });
    }
    expect((await publicNow()).status).toBe('ADMISSION ENQUIRY');
  });

  it('rejects any other value and answers 401 without a session', async () => {
    for (const payload of [{ status: 'admission open' }, { status: 'CLOSED' }, {}, { status: null }]) {
      const res = await t.asAdmin({ method: 'PUT', url: '/api/admin/admission', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation' } });
    }
    const anonymous = await t.anonymous({
      method: 'PUT',
      url: '/api/admin/admission',
      payload: { status: 'ADMISSION OPEN' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await publicNow()).status).toBe('ADMISSION ENQUIRY');
  });

  it('a draft season changes nothing the public sees, whatever its override', async () => {
    const created = await t.asAdmin({ method: 'POST', url: '/api/admin/seasons', payload: SEASON });
    expect(created.statusCode, created.body).toBe(201);
    seasonId = created.json<{ id: string }>().id;
    const programme = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/programmes`,
      payload: PROGRAMME,
    });
    expect(programme.statusCode, programme.body).toBe(201);
    clock.set(nepalNoon('2027-06-20'));
    const override = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/seasons/${seasonId}/override`,
      payload: { status: 'ADMISSION CLOSED' },
    });
    expect(override.statusCode).toBe(200);
    expect(await publicNow()).toMatchObject({ status: 'ADMISSION ENQUIRY', source: { by: 'manual' } });
    expect(await seasonStep()).toMatchObject({ page: '/admin/seasons', done: false });
    // The switch still sets the stored status while the season is a draft.
    expect((await put('ADMISSION OPEN')).json()).toMatchObject({ status: 'ADMISSION OPEN', source: { by: 'manual' } });
    expect((await put('ADMISSION ENQUIRY')).statusCode).toBe(200);
    await t.asAdmin({ method: 'PUT', url: `/api/admin/seasons/${seasonId}/override`, payload: { status: '' } });
  });
});

describe('PUT /api/admin/admission with a season published', () => {
  it('publishes the season: its dates decide and the stored status is not shown', async () => {
    clock.set(nepalNoon('2027-06-01'));
    const res = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/publish`,
      payload: { belowMinimum: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicNow()).toMatchObject({
      status: 'ADMISSION ENQUIRY',
      season: '2084/85',
      source: { by: 'dates', season: { id: seasonId, phase: 'upcoming', dated: 'ADMISSION ENQUIRY' } },
    });
    // The setup checklist's admission step is done once a season is published.
    expect(await seasonStep()).toMatchObject({ done: true });
  });

  for (const { phase, day, dated, says } of PHASES) {
    it(`${phase}: each choice is the season's override and what the public sees; 'follow the dates' clears it`, async () => {
      clock.set(nepalNoon(day));
      for (const choice of ['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED', ''] as const) {
        const res = await put(choice);
        expect(res.statusCode, `${choice} ${res.body}`).toBe(200);
        const now = await publicNow();
        expect(res.json()).toEqual(now);
        expect(now.status).toBe(choice || dated);
        expect(now.source).toMatchObject({ by: choice ? 'override' : 'dates', season: { phase, dated } });
        expect(admissionStatusLine(now)).toBe(
          choice
            ? `${choice}, set by hand on the published season 2084/85 (its dates give ${dated}: ${says})`
            : `${dated}, from the published season 2084/85: ${says}`,
        );
        const season = await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` });
        expect(season.json()).toMatchObject({
          season: { statusOverride: choice },
          state: { status: now.status, phase },
        });
      }
      // The stored status behind the season was never written.
      const stored = await t.db.selectFrom('admission_status').select('status').executeTakeFirst();
      expect(stored?.status).toBe('ADMISSION ENQUIRY');
    });
  }

  it('is audited as the season override it is', async () => {
    clock.set(nepalNoon('2027-06-20'));
    expect((await put('ADMISSION CLOSED')).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ kind: 'season-override', subject: 'Season 2084/85' });
    expect((await put('')).statusCode).toBe(200);
  });

  it("is an owner's act: an editor is refused and nothing changes", async () => {
    const editor = await t.signInAs('editor@test.np', 'editor');
    const before = await publicNow();
    const res = await put('ADMISSION CLOSED', editor);
    expect(res.statusCode).toBe(403);
    expect(await publicNow()).toEqual(before);
  });

  it('once the season is taken off the public pages, the stored status decides again', async () => {
    const res = await t.asAdmin({ method: 'POST', url: `/api/admin/seasons/${seasonId}/withdraw`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(await publicNow()).toMatchObject({ status: 'ADMISSION ENQUIRY', source: { by: 'manual', season: null } });
  });
});
