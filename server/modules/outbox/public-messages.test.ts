import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import {
  applyRequest,
  createIntakeTestApp,
  jpeg,
  png,
} from '#server/modules/admission/applications/application-intake.test-app.ts';
import type { ApplyRequest, SentFile } from '#server/modules/admission/index.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { HELD_BACK, msToNepalMidnight, PUBLIC_MESSAGES_PER_DAY } from './public-messages.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), 09:00 in Nepal: the season is open, and 200 forms (the test app moves
// the clock 130 s for each) end by 16:15, the same Nepal day.
const clock = new ManualClock('2027-06-20T03:15:00Z');
const smtp = await startTestSmtpServer();
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
let files: SentFile[];
beforeAll(async () => {
  t = await createIntakeTestApp(clock, { SMTP_URL: smtp.url, MAIL_FROM: 'Orbit College <office@orbit.test>' });
  // Small documents: 200 forms are about the messages, not the photos.
  files = [
    { kind: 'photo', name: 'photo.jpg', body: await jpeg(120, 160) },
    { kind: 'grade-sheet', name: 'grade sheet.png', body: await png(120, 160) },
    { kind: 'character', name: 'character.jpg', body: await jpeg(160, 120) },
  ];
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const VICTIM_MOBILE = '9812345678';
const VICTIM_MAIL = 'victim@example.com';
let symbol = 7012300;

/** A form naming the victim, sent from an address of its own: IPv4 or IPv6, each in a /64 of its own. */
async function applyNamingVictim(i: number, email = VICTIM_MAIL) {
  const request: ApplyRequest = await applyRequest(t.app, clock, {
    files,
    clientIp: i % 2 ? `2001:db8:${i.toString(16)}::7` : `198.18.${i >> 8}.${(i & 255) + 1}`,
    values: buildApplicationValues(t.management.id, {
      symbol_number: String(++symbol),
      guardian_mobile: VICTIM_MOBILE,
      email,
    }),
  });
  return t.app.services.applicationIntake.apply(request, VISITOR);
}

const messagesTo = (recipient: string) =>
  t.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute();

describe('the messages a public form causes', () => {
  it('reach one number and one mailbox at most twice a Nepal day, however many addresses send 200 forms; the rest are held for the office to see', async () => {
    let accepted = 0;
    for (let i = 0; i < 200; i++) {
      // Some of the forms write the mailbox another way: it is the same mailbox.
      const outcome = await applyNamingVictim(i, i % 3 === 0 ? `Victim+${i}@Example.com` : VICTIM_MAIL);
      if (outcome.ok) accepted += 1;
    }
    // Whatever else refuses such forms, enough of them are taken for the cap to be what stops the messages.
    expect(accepted).toBeGreaterThan(PUBLIC_MESSAGES_PER_DAY);

    const sms = await messagesTo(VICTIM_MOBILE);
    expect(sms).toHaveLength(accepted);
    expect(sms.filter((m) => m.state === 'queued')).toHaveLength(PUBLIC_MESSAGES_PER_DAY);
    expect(sms.slice(PUBLIC_MESSAGES_PER_DAY).every((m) => m.state === 'held')).toBe(true);
    expect(sms.at(-1)!.last_answer).toBe('Held back: too many messages to this number today.');
    const mails = (
      await t.db.selectFrom('outbox_messages').selectAll().where('channel', '=', 'email').execute()
    ).filter((m) => m.recipient.toLowerCase().startsWith('victim'));
    expect(mails).toHaveLength(accepted);
    expect(mails.filter((m) => m.state !== 'held')).toHaveLength(PUBLIC_MESSAGES_PER_DAY);
    expect(mails.find((m) => m.state === 'held')!.last_answer).toBe(HELD_BACK.email);

    // The sender sends only the two: held messages are never tried, never shown as sent.
    await t.app.services.outbox.runOnce();
    expect(smtp.received.filter((m) => m.to && JSON.stringify(m.to).toLowerCase().includes('victim'))).toHaveLength(
      PUBLIC_MESSAGES_PER_DAY,
    );
    const after = await messagesTo(VICTIM_MOBILE);
    expect(after.filter((m) => m.state === 'held')).toHaveLength(accepted - PUBLIC_MESSAGES_PER_DAY);
    expect(after.filter((m) => m.state === 'held' && (m.attempts > 0 || m.sent_at !== null))).toEqual([]);

    // The office sees them in the delivery log, held, with the reason.
    const log = await t.app.services.messages.list(COMMAND_LINE_ACTOR);
    const held = log.messages.filter((m) => m.recipient === VICTIM_MOBILE && m.state === 'held');
    expect(held.length).toBeGreaterThan(0);
    expect(held[0]).toMatchObject({ lastAnswer: HELD_BACK.sms, sentAt: null, attempts: 0 });
  }, 300_000);

  it('do not cap what the office causes: a correction asked is queued to the same number and sent', async () => {
    const application = await t.db
      .selectFrom('applications')
      .select('id')
      .where('guardian_mobile', '=', VICTIM_MOBILE)
      .executeTakeFirstOrThrow();
    await t.app.services.applicationOffice.changeOne(COMMAND_LINE_ACTOR, application.id, {
      to: 'needs-correction',
      message: 'The grade sheet is not readable.',
    });
    const asked = (await messagesTo(VICTIM_MOBILE)).filter((m) => m.event.startsWith('application-needs-correction:'));
    expect(asked.map((m) => m.state)).toEqual(['queued']);
    smtp.received.length = 0;
    await t.app.services.outbox.runOnce();
    expect(smtp.received.map((m) => m.subject)).toEqual([expect.stringContaining('correction needed')]);
  });

  it('reach the number again from the next Nepal midnight', async () => {
    // 00:00:30 on 7 Ashadh in Nepal.
    clock.set('2027-06-20T18:15:30Z');
    const outcome = await applyNamingVictim(1000);
    expect(outcome.ok).toBe(true);
    const latest = (await messagesTo(VICTIM_MOBILE)).at(-1)!;
    expect(latest).toMatchObject({ state: 'queued', event: expect.stringMatching(/^application-submitted:/u) });
  });
});

describe('a Nepal day', () => {
  it('ends at midnight in Nepal (18:15 UTC), whatever the UTC date', () => {
    expect(msToNepalMidnight(new Date('2027-06-20T18:14:59.000Z'))).toBe(1000);
    expect(msToNepalMidnight(new Date('2027-06-20T18:15:00.000Z'))).toBe(86_400_000);
    expect(msToNepalMidnight(new Date('2027-06-20T03:15:00.000Z'))).toBe(15 * 3_600_000);
  });
});
