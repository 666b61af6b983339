import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import type { ApplicationDetail } from '#common/admission/application-office.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { SAME_ORIGIN } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { applyRequest, createIntakeTestApp, jpeg, requiredFiles } from './application-intake.test-app.ts';
import { readCollegeName } from '#server/modules/content/index.ts';
import { VISITOR } from '#server/test-support/actors.ts';

/**
 * The applicant's and the office's sides together, through the services the pages call (the applicant's
 * form and status page) and the office's API (an `admissions` account): an application with a bank voucher,
 * a correction asked and sent, then documents and fee verified and a seat offered. Runs on SQLite and, with
 * DATABASE_URL, on PostgreSQL (scripts/test-pg.mjs takes every test under server/).
 */

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
let officeCookie = '';

beforeAll(async () => {
  t = await createIntakeTestApp(clock, { ...SESSIONS_OUTLAST_CLOCK });
  const email = 'office@test.np';
  const password = 'a-long-password-2';
  await t.app.services.users.create(COMMAND_LINE_ACTOR, email, password, { role: 'admissions' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  officeCookie = `orbit_session=${login.cookies.find((c) => c.name === 'orbit_session')!.value}`;
}, 60_000);
afterAll(() => t.close());

const SITE = 'http://localhost:3000';
const IP = '198.51.100.40';
const asOffice = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: officeCookie } });
const officeStep = async (url: string, payload: object) => {
  clock.advance(60_000);
  const res = await asOffice('POST', url, payload);
  expect(res.statusCode, res.body).toBe(204);
};

describe('an application from the form to an offer', () => {
  it('goes through a correction and the office’s checks, the applicant and the guardian told at each step', async () => {
    const intake = t.app.services.applicationIntake;
    const files = [...(await requiredFiles()), { kind: 'voucher' as const, name: 'voucher.jpg', body: await jpeg() }];
    const outcome = await intake.apply(
      await applyRequest(t.app, clock, {
        values: buildApplicationValues(t.science.id, {
          symbol_number: '04012345 K',
          payment_method: 'bank',
          voucher_number: 'NIC-778812',
          email: 'sharma.family@example.com',
        }),
        files,
      }),
      VISITOR,
    );
    if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
    const { reference, accessKey } = outcome.confirmation;
    const { id } = await t.db
      .selectFrom('applications')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    // The status page proves the applicant by the reference and access key, then acts as them.
    const applicant = await intake.applicantOf(reference, accessKey, IP);
    const lookUp = () => intake.status(applicant, id);
    expect(await lookUp()).toMatchObject({ state: 'submitted', payment: { state: 'voucher-sent', amount: 500 } });

    // The office finds it, sees the voucher, and asks for a signed character certificate.
    const detail = (await asOffice('GET', `/api/admin/applications/${id}`)).json<ApplicationDetail>();
    expect(detail.documents.map((d) => d.kind).sort()).toEqual(['character', 'grade-sheet', 'photo', 'voucher']);
    expect(detail.payment).toMatchObject({ state: 'voucher-sent', voucherNumber: 'NIC-778812' });
    const asked = 'Please send the character certificate signed by the head teacher.';
    await officeStep(`/api/admin/applications/${id}/state`, { to: 'needs-correction', message: asked });
    expect(await lookUp()).toMatchObject({ state: 'needs-correction', correction: asked });

    // The applicant sends the corrected document from the status page: the application is back with the office.
    clock.advance(60_000);
    const back = await intake.replaceDocuments(applicant, id, 'character', [
      { kind: 'character', name: 'character-signed.jpg', body: await jpeg(400, 300) },
    ]);
    expect(back).toMatchObject({ state: 'submitted', correction: '' });

    await officeStep(`/api/admin/applications/${id}/state`, { to: 'documents-verified' });
    expect((await lookUp()).state).toBe('documents-verified');
    await officeStep(`/api/admin/applications/${id}/payment`, { decision: 'verified', note: 'NIC Asia deposit seen' });
    expect(await lookUp()).toMatchObject({ state: 'fee-verified', payment: { state: 'verified' } });
    await officeStep(`/api/admin/applications/${id}/state`, { to: 'offered' });
    expect(await lookUp()).toMatchObject({ state: 'offered', payment: { state: 'verified' } });

    const history = (await asOffice('GET', `/api/admin/applications/${id}`)).json<ApplicationDetail>().events;
    expect(history.filter((e) => e.kind === 'state').map((e) => `${e.from}>${e.to}`)).toEqual([
      'submitted>needs-correction',
      'needs-correction>submitted',
      'submitted>documents-verified',
      'documents-verified>fee-verified',
      'fee-verified>offered',
    ]);

    // The guardian's messages, in order: an SMS and an e-mail for each step, each with the status page.
    const messages = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('event', 'like', `%:${id}`)
      .orderBy('created_at')
      .orderBy('channel', 'desc')
      .execute();
    const steps = ['submitted', 'needs-correction', 'submitted', 'documents-verified', 'fee-verified', 'offered'];
    expect(messages.map((m) => `${m.event.split(':')[0]} ${m.channel} ${m.recipient}`)).toEqual(
      steps.flatMap((s) => [`application-${s} sms 9845012345`, `application-${s} email sharma.family@example.com`]),
    );
    for (const m of messages) {
      expect(m.text).toContain(reference);
      expect(m.text).toContain(`${SITE}/admission/status`);
      expect(m.text).not.toContain('2068');
    }
    expect(messages[3]!.text).toContain(asked);
    expect(messages[10]!.text).toBe(
      `${(await readCollegeName(t.db)).en}: application ${reference} seat offered. Status: ${SITE}/admission/status`,
    );
    // The office's note on the payment stays in the history, not in a message.
    expect(messages.map((m) => m.text).join('\n')).not.toContain('NIC Asia');
  });
});
