import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { readCollegeName } from '#server/modules/content/index.ts';

// A family with a mobile and no e-mail address writes from the contact form; the office answers by SMS once SMS
// is set up. E-mail is set up (to a server nobody listens on: these tests only look at what is queued).
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp({ INQUIRY_MAX_PER_EMAIL_PER_HOUR: '2', SMTP_URL: 'smtp://127.0.0.1:9' }, { clock });
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('inquiry_replies').execute();
  await t.db.deleteFrom('inquiries').execute();
  await t.db.deleteFrom('outbox_messages').execute();
  await t.db.deleteFrom('rate_limits').execute();
  await t.db.deleteFrom('message_settings').execute();
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

  it('refuses a reply no way can carry, naming why and the number to call, and leaves the inquiry unanswered', async () => {
    await send({ phone: '9801234567', email: '', subject: 'Hostel', message: 'Is there a hostel?' });
    const [inquiry] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    const why = 'Cannot be sent: no e-mail address, and SMS is not set up — call 9801234567.';
    expect(inquiry!.replyRoute).toEqual({ channel: 'none', why, call: '9801234567' });
    await expect(t.services.inquiries.reply(COMMAND_LINE_ACTOR, inquiry!.id, 'Yes, for 60.')).rejects.toMatchObject({
      code: 'inquiry/cannot-send',
      message: why,
    });
    const [after] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(after).toMatchObject({ state: 'new', replies: [] });
    expect((await outbox()).filter((m) => m.event.startsWith('inquiry-reply:'))).toEqual([]);

    // The office calls instead, and says so: answered, by phone, and no message written.
    const called = await t.services.inquiries.answeredByPhone(COMMAND_LINE_ACTOR, inquiry!.id, 'Told them: 60 beds.');
    expect(called).toMatchObject({
      state: 'answered',
      replies: [{ channel: 'phone', delivery: '', body: 'Told them: 60 beds.' }],
    });
    expect((await outbox()).filter((m) => m.event.startsWith('inquiry-reply:'))).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['kind'])
      .where('kind', '=', 'inquiry-answered-by-phone')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('offers a landline to call, and no reply, when the sender gave no mobile and no e-mail address was kept', async () => {
    // Kept from before the phone-or-e-mail rule: written straight into the table.
    await send({ phone: '9801234567', email: '' });
    const [one] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    await t.db.updateTable('inquiries').set({ phone: '056 520000' }).where('id', '=', one!.id).execute();
    const [landline] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(landline!.replyRoute).toEqual({
      channel: 'none',
      why: 'Cannot be sent: no e-mail address, and the number is not a Nepali mobile — call 056 520000.',
      call: '056 520000',
    });
  });

  it('answers in Nepali by SMS to the 10-digit mobile, and by e-mail to one who gave an address', async () => {
    await t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
      officeEmails: '',
      officePhones: '',
      smsProvider: 'sparrow',
      smsToken: 'test-token-1234',
      smsSender: 'Orbit',
    });
    await send({ phone: '+977 ९८०-१२३४५६७', email: '', subject: 'भर्ना', message: 'भर्ना कहिले खुल्छ?' });
    await send({ phone: '', email: 'ram@example.com', subject: 'Fees', message: 'What are the fees?' });
    const [byEmail, bySms] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(bySms!.replyRoute).toEqual({ channel: 'sms', to: '9801234567' });
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
          text: `${(await readCollegeName(t.db)).ne} कार्यालय, "भर्ना" बारे: साउन १ गतेदेखि।`,
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
