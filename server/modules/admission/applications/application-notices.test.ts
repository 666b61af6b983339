import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { countSmsParts } from '#common/messages.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import type { ApplyOutcome, ApplyRequest } from './application-intake.service.ts';
import { applyRequest, createIntakeTestApp } from './application-intake.test-app.ts';
import { APPLICATION_NOTICE_STEPS } from '#common/i18n/mail.ts';
import { applicationNoticeSms } from '#server/modules/outbox/index.ts';
import { queueApplicationNotice, statusUrlOf } from './application-notices.ts';
import { readCollegeName } from '#server/modules/content/index.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
const smtp = await startTestSmtpServer();
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock, { SMTP_URL: smtp.url, MAIL_FROM: 'Orbit College <office@orbit.test>' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const SITE = 'http://localhost:3000';
let symbol = 3012300;
const apply = async (overrides: Partial<ApplyRequest> & Pick<ApplyRequest, 'values'>) =>
  t.app.services.applicationIntake.apply(await applyRequest(t.app, clock, overrides), VISITOR);
const accepted = (outcome: ApplyOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.confirmation;
};
const idOf = async (reference: string) =>
  (await t.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
const messagesOf = (id: string) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('event', 'like', `%:${id}`)
    .orderBy('created_at')
    .orderBy('channel', 'desc')
    .execute();

describe('the guardian’s messages of an application', () => {
  it('queue an SMS and an e-mail in Nepali with a Nepali application, and the e-mail is sent', async () => {
    const { reference, accessKey } = accepted(
      await apply({
        lang: 'ne',
        values: buildApplicationValues(t.management.id, {
          symbol_number: String(++symbol),
          email: 'parent@example.com',
          guardian_mobile: '9845012345',
        }),
      }),
    );
    const rows = await messagesOf(await idOf(reference));
    expect(rows.map((r) => [r.channel, r.recipient, r.language, r.event.split(':')[0]])).toEqual([
      ['sms', '9845012345', 'ne', 'application-submitted'],
      ['email', 'parent@example.com', 'ne', 'application-submitted'],
    ]);
    const [sms, email] = rows;
    expect(sms!.text).toBe(
      `${(await readCollegeName(t.db)).ne}: आवेदन ${reference} प्राप्त भयो। पहुँच कुञ्जी: ${accessKey} स्थिति: ${SITE}/ne/admission/status`,
    );
    // The one message that gives the access key: three parts in Nepali (every other step's fits in two).
    expect(countSmsParts(sms!.text).parts).toBeLessThanOrEqual(3);
    expect(email!.subject).toBe(`आवेदन ${reference}: प्राप्त भयो`);
    // The applicant's first name, the B.S. date; never the date of birth, the surname or the guardian's name.
    expect(email!.text).toContain('सीता को आवेदन');
    expect(email!.text).toContain('६ असार २०८४');
    expect(email!.text).toContain(`${SITE}/ne/admission/status`);
    expect(email!.text).toContain(`पहुँच कुञ्जी: ${accessKey}`);
    for (const row of rows) {
      expect(row.text).not.toMatch(/2068|२०६८|शर्मा|SHARMA|Ram Prasad/u);
    }

    await t.app.services.outbox.runOnce();
    const mail = smtp.received.find((m) => m.subject === `आवेदन ${reference}: प्राप्त भयो`);
    expect(mail?.text).toContain(`${SITE}/ne/admission/status`);
  });

  it('queue only an SMS, in English, when no e-mail was given; one part', async () => {
    const { reference, accessKey } = accepted(
      await apply({ values: buildApplicationValues(t.management.id, { symbol_number: String(++symbol) }) }),
    );
    const rows = await messagesOf(await idOf(reference));
    expect(rows.map((r) => [r.channel, r.language])).toEqual([['sms', 'en']]);
    expect(rows[0]!.text).toBe(
      `${(await readCollegeName(t.db)).en}: application ${reference} received. Access key: ${accessKey} Status: ${SITE}/admission/status`,
    );
    expect(countSmsParts(rows[0]!.text)).toMatchObject({ encoding: 'gsm-7', parts: 1 });
  });

  it('carry the office’s words and the status page when a correction is asked', async () => {
    const { reference } = accepted(
      await apply({
        values: buildApplicationValues(t.management.id, {
          symbol_number: String(++symbol),
          email: 'guardian@example.com',
        }),
      }),
    );
    const id = await idOf(reference);
    await t.app.services.applicationOffice.changeOne(COMMAND_LINE_ACTOR, id, {
      to: 'needs-correction',
      message: 'The character certificate is not signed by the head teacher.',
    });
    const rows = (await messagesOf(id)).filter((r) => r.event.startsWith('application-needs-correction:'));
    expect(rows.map((r) => r.channel)).toEqual(['sms', 'email']);
    const [sms, email] = rows;
    expect(sms!.text).toBe(
      `${(await readCollegeName(t.db)).en}: application ${reference} correction needed. Status: ${SITE}/admission/status`,
    );
    expect(email!.subject).toBe(`Application ${reference}: correction needed`);
    expect(email!.text).toContain('The office writes:\nThe character certificate is not signed by the head teacher.');
    expect(email!.text).toContain(`${SITE}/admission/status`);
    expect(email!.html).toContain('The character certificate is not signed by the head teacher.');
  });

  it('queue nothing for a refused move: an offer before the fee is verified', async () => {
    const { reference } = accepted(
      await apply({
        values: buildApplicationValues(t.science.id, { symbol_number: String(++symbol), payment_method: 'counter' }),
      }),
    );
    const id = await idOf(reference);
    await t.app.services.applicationOffice.changeOne(COMMAND_LINE_ACTOR, id, { to: 'documents-verified' });
    const before = await messagesOf(id);
    await expect(
      t.app.services.applicationOffice.changeOne(COMMAND_LINE_ACTOR, id, { to: 'offered' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await messagesOf(id)).toEqual(before);
    expect(before.map((r) => r.event.split(':')[0])).toEqual([
      'application-submitted',
      'application-documents-verified',
    ]);
  });

  it('tell a refused fee, and a verified one with its move on to fee-verified', async () => {
    const { reference } = accepted(
      await apply({
        values: buildApplicationValues(t.science.id, { symbol_number: String(++symbol), payment_method: 'counter' }),
      }),
    );
    const id = await idOf(reference);
    const office = t.app.services.applicationOffice;
    await office.setPayment(COMMAND_LINE_ACTOR, id, { decision: 'refused', note: 'No receipt' });
    await office.changeOne(COMMAND_LINE_ACTOR, id, { to: 'documents-verified' });
    await office.setPayment(COMMAND_LINE_ACTOR, id, { decision: 'verified' });
    const rows = await messagesOf(id);
    expect(rows.map((r) => r.event.split(':')[0])).toEqual([
      'application-submitted',
      'application-fee-refused',
      'application-documents-verified',
      'application-fee-verified',
    ]);
    expect(rows[1]!.text).toContain('fee not accepted');
    // The office's note on the payment is its own: it is not sent.
    expect(rows.map((r) => r.text).join('\n')).not.toContain('No receipt');
  });

  it('leave no message when the step’s transaction is rolled back', async () => {
    const { reference } = accepted(
      await apply({ values: buildApplicationValues(t.management.id, { symbol_number: String(++symbol) }) }),
    );
    const app = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const before = await messagesOf(app.id);
    const failed = await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('applications').set({ state: 'offered' }).where('id', '=', app.id).execute();
        await queueApplicationNotice(trx, SITE, app, 'offered', clock.now());
        expect(
          (await trx.selectFrom('outbox_messages').select('id').where('event', 'like', `%:${app.id}`).execute()).length,
        ).toBe(2);
        throw new Error('the step failed after its message was queued');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await messagesOf(app.id)).toEqual(before);
    expect(
      (await t.db.selectFrom('applications').select('state').where('id', '=', app.id).executeTakeFirstOrThrow()).state,
    ).toBe('submitted');
  });
});

describe('the guardian’s SMS', () => {
  // The demo college's name, 13 characters: a longer name makes every SMS longer by as much.
  const ORBIT = { en: 'Orbit College', ne: 'अर्बिट कलेज' };

  it('is one part in English and at most two in Nepali for every step, with a site address of 32 characters', () => {
    const site = 'https://www.orbitcollege.edu.np';
    for (const step of APPLICATION_NOTICE_STEPS) {
      const facts = (lang: 'en' | 'ne') => ({
        reference: 'ORB-2084-0123',
        firstName: 'सीता',
        step,
        officeMessage: 'A long message from the office that is never put in an SMS.',
        statusUrl: statusUrlOf(site, lang),
        at: '2027-06-20T06:00:00Z',
      });
      const en = applicationNoticeSms({ lang: 'en', college: ORBIT }, facts('en'));
      const ne = applicationNoticeSms({ lang: 'ne', college: ORBIT }, facts('ne'));
      expect(countSmsParts(en), en).toMatchObject({ encoding: 'gsm-7', parts: 1 });
      expect(countSmsParts(ne).parts, ne).toBeLessThanOrEqual(2);
      expect(ne).toContain(`${site}/ne/admission/status`);
      expect(en).not.toContain('never put in an SMS');
    }
  });

  it('that gives the access key is one part in English and three at most in Nepali', () => {
    const site = 'https://www.orbitcollege.edu.np';
    for (const step of ['submitted', 'access-key'] as const) {
      const facts = (lang: 'en' | 'ne') => ({
        reference: 'ORB-2084-0123',
        firstName: 'सीता',
        step,
        officeMessage: '',
        statusUrl: statusUrlOf(site, lang),
        at: '2027-06-20T06:00:00Z',
        accessKey: 'AB01-CDEF-23GH-45JK-67MN-89PQ-RSTV',
      });
      const en = applicationNoticeSms({ lang: 'en', college: ORBIT }, facts('en'));
      const ne = applicationNoticeSms({ lang: 'ne', college: ORBIT }, facts('ne'));
      expect(countSmsParts(en), en).toMatchObject({ encoding: 'gsm-7', parts: 1 });
      expect(countSmsParts(ne).parts, ne).toBeLessThanOrEqual(3);
      for (const text of [en, ne]) expect(text).toContain('AB01-CDEF-23GH-45JK-67MN-89PQ-RSTV');
    }
  });
});
