import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

// A family with a mobile and no e-mail address writes from the contact form; the office answers by SMS.
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp({ INQUIRY_MAX_PER_EMAIL_PER_HOUR: '2' }, { clock });
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('inquiry_replies').execute();
  await t.db.deleteFrom('inquiries').execute();
  await t.db.deleteFrom('outbox_messages').execute();
  await t.db.deleteFrom('rate_limits').execute();
});

let ip = 0;
async function send(overrides: Parameters<typeof buildInquiryInput>[0]) {
  const token = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
  clock.advance(INQUIRY_FORM_TIMING.minSeconds * 1000 + 5000);
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: `198.51.100.${++ip}`,
    payload: { ...buildInquiryInput(overrides), form_token: token.json<InquiryFormToken>().token },
  });
}

const outbox = () =>
  t.db.selectFrom('outbox_messages').select(['channel', 'recipient', 'language', 'text', 'event']).execute();

describe('the contact form with a mobile number and no e-mail address', () => {
  it('stores a number typed in Devanagari digits in Latin ones', async () => {
    const res = await send({ phone: '९८४१ २३४५६७', email: '' });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(stored).toMatchObject({ phone: '9841 234567', email: '' });
  });

  it('accepts an e-mail address and no phone', async () => {
    const res = await send({ phone: '', email: 'sita@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toMatchObject([
      { phone: '', email: 'sita@example.com' },
    ]);
  });

  it.each([
    ['neither', { phone: '', email: '' }],
    ['a landline only', { phone: '056 520000', email: '' }],
    ['a missing phone and e-mail', { phone: undefined, email: undefined }],
  ])('refuses %s with the phone-or-e-mail message and stores nothing', async (_case, change) => {
    const res = await send(change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message: en.formMessages.phoneOrEmail } });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it('answers in Nepali by SMS to the 10-digit mobile, and by e-mail to one who gave an address', async () => {
    await send({ phone: '+977 ९८०-१२३४५६७', email: '', subject: 'भर्ना', message: 'भर्ना कहिले खुल्छ?' });
    await send({ phone: '', email: 'ram@example.com', subject: 'Fees', message: 'What are the fees?' });
    const [byEmail, bySms] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    const sms = await t.services.inquiries.reply(COMMAND_LINE_ACTOR, bySms!.id, 'साउन १ गतेदेखि।');
    const mail = await t.services.inquiries.reply(COMMAND_LINE_ACTOR, byEmail!.id, 'Rs 20,000 a year.');
    expect([sms.state, mail.state]).toEqual(['answered', 'answered']);
    const replies = (await outbox()).filter((m) => m.event.startsWith('inquiry-reply:'));
    expect(replies).toEqual(
      expect.arrayContaining([
        {
          channel: 'sms',
          recipient: '9801234567',
          language: 'ne',
          text: 'अर्बिट कलेज कार्यालय, "भर्ना" बारे: साउन १ गतेदेखि।',
          event: `inquiry-reply:${bySms!.id}`,
        },
        expect.objectContaining({
          channel: 'email',
          recipient: 'ram@example.com',
          event: `inquiry-reply:${byEmail!.id}`,
        }),
      ]),
    );
    expect(replies).toHaveLength(2);
  });

  it('counts the messages of one mobile number, however it is written, against the sender limit', async () => {
    expect((await send({ phone: '9841234567', email: '' })).statusCode).toBe(201);
    expect((await send({ phone: '+977-9841234567', email: '' })).statusCode).toBe(201);
    const third = await send({ phone: '९८४१२३४५६७', email: '' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: { code: 'inquiry/too-many-requests' } });
  });

  it('has the phone-or-e-mail message in Nepali for the Nepali form', () => {
    expect(ne.formMessages.phoneOrEmail).toMatch(/[\u0900-\u097F]/u);
    expect(ne.formMessages.phoneOrEmail).not.toBe(en.formMessages.phoneOrEmail);
  });
});
