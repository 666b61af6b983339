/**
 * A college that renames itself in the admin is named so in everything the site says afterwards: every kind
 * of e-mail and SMS the outbox can send (common/i18n/mail.ts), in each message's language, the sender's name,
 * the API's description and the pass list; every e-mail draws its uploaded logo from the site's own address. The demo's own texts (notices, photos, people) are not seeded
 * (SEED_DEMO=false): what is checked is only what the code writes around the college's stored name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NOTICE_STEPS } from '#common/i18n/mail.ts';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { SITE_LANGUAGES } from '#common/site-content/local-text.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { queueApplicationNotice, passListHtml } from '#server/modules/admission/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SAME_ORIGIN, multipart } from '#server/test-support/admin-session.ts';
import { buildImage, buildInquiryInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { testStaffActor } from '#server/test-support/page-context.ts';
import { startSmsStandIns } from '#server/test-support/sms-stand-ins.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { readCollegeName } from './college-name.ts';

const NEW_NAME = { en: 'Himalaya Model College', ne: 'हिमालय मोडेल कलेज' };
/** The demo college's name in either script: none of it may be left. */
const OLD_NAME = /orbit|अर्बिट/iu;

const clock = new ManualClock('2027-06-20T06:00:00.000Z');
const smtp = await startTestSmtpServer();
const sms = await startSmsStandIns();
const t = await createTestApp(
  { SMTP_URL: smtp.url, OFFICE_EMAIL: 'office@college.test' },
  { clock, smsBaseUrls: { sparrow: sms.baseUrl, aakash: sms.baseUrl } },
);
let cookie = '';

beforeAll(async () => {
  await t.services.users.create(COMMAND_LINE_ACTOR, ADMIN_EMAIL, ADMIN_PASSWORD);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  cookie = `orbit_session=${login.cookies.find((c) => c.name === 'orbit_session')?.value}`;
  // The office's alerts go to a mobile too, so the inquiry alert's SMS is written as well.
  await t.services.messages.saveSettings(COMMAND_LINE_ACTOR, {
    officeEmails: '',
    officePhones: '9801111111',
    smsProvider: 'sparrow',
    smsToken: 'test-token-1234',
    smsSender: 'College',
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await sms.close();
});

const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

/** Renames the college on the admin's College page (its API), both languages. */
async function rename(name: { en: string; ne: string }): Promise<void> {
  const read = await asAdmin('GET', '/api/admin/content/college');
  expect(read.statusCode, read.body).toBe(200);
  const { updatedAt: _updatedAt, ...college } = read.json<Record<string, unknown>>();
  const saved = await asAdmin('PUT', '/api/admin/content/college', { ...college, name });
  expect(saved.statusCode, saved.body).toBe(200);
}

let visitor = 0;
async function contactForm(overrides: Parameters<typeof buildInquiryInput>[0]): Promise<void> {
  const token = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
  clock.advance(INQUIRY_FORM_TIMING.minSeconds * 1000 + 5000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: `198.51.100.${++visitor}`,
    payload: { ...buildInquiryInput(overrides), form_token: token.json<InquiryFormToken>().token },
  });
  expect(res.statusCode, res.body).toBe(201);
}

interface Written {
  kind: string;
  channel: string;
  language: string;
  words: string;
}

/** Every message the site writes, once each kind in each language it is written in, as the outbox holds it. */
async function writeEveryKind(): Promise<Written[]> {
  // The office's alert (e-mail and SMS) of a message from the contact form, and the replies by e-mail and by SMS.
  await contactForm({ email: 'ram@example.com', subject: 'Fees', message: 'What are the fees?' });
  await contactForm({ phone: '9801234567', email: '', subject: 'भर्ना', message: 'भर्ना कहिले खुल्छ?' });
  for (const inquiry of await t.services.inquiries.list(COMMAND_LINE_ACTOR))
    await t.services.inquiries.reply(COMMAND_LINE_ACTOR, inquiry.id, inquiry.email ? 'Rs 20,000.' : 'साउन १ गतेदेखि।');
  // A staff member's link by e-mail, then the reset links asked for on the sign-in page, in both languages.
  await t.services.staff.add(
    testStaffActor('owner'),
    { name: 'Gita', email: 'gita@college.test', role: 'editor' },
    { email: true },
  );
  for (const [i, language] of SITE_LANGUAGES.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: SAME_ORIGIN,
      remoteAddress: `203.0.113.${i + 1}`,
      payload: { email: 'gita@college.test', language },
    });
    expect(res.statusCode, res.body).toBe(202);
  }
  // Every step of an application the guardian is told of, in both languages (SMS and e-mail each).
  for (const language of SITE_LANGUAGES)
    for (const step of APPLICATION_NOTICE_STEPS)
      await t.db.transaction().execute((trx) =>
        queueApplicationNotice(
          trx,
          t.env.siteUrl,
          {
            id: `app-${language}-${step}`,
            reference: 'HMC-2084-0007',
            language,
            name_en: 'Sita Sharma',
            name_ne: 'सीता शर्मा',
            guardian_mobile: '9841000000',
            email: 'guardian@example.com',
          },
          step,
          clock.now(),
          'Please send a clearer photo.',
          step === 'submitted' || step === 'access-key' ? 'ab01cdef23gh45jk67mn89pqrstv' : '',
          false,
        ),
      );
  const rows = await t.db
    .selectFrom('outbox_messages')
    .select(['event', 'channel', 'language', 'subject', 'text', 'html', 'state'])
    .execute();
  expect(rows.filter((r) => r.state === 'held' || r.state === 'failed')).toEqual([]);
  return rows.map((r) => ({
    kind: r.event.split(':')[0]!,
    channel: r.channel,
    language: r.language,
    words: [r.subject, r.text, r.html].join('\n'),
  }));
}

/** Uploads a logo on the College page (its API). */
async function uploadLogo(): Promise<void> {
  const { payload, headers } = multipart([
    {
      body: await buildImage({ width: 400, height: 200, format: 'png' }),
      filename: 'logo.png',
      contentType: 'image/png',
    },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/content/college/logo',
    headers: { ...SAME_ORIGIN, cookie, ...headers },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a college renamed in the admin', () => {
  it('signs every kind of e-mail and SMS with its new name, in the message’s language, and never the old one', async () => {
    await rename(NEW_NAME);
    await uploadLogo();
    expect(await readCollegeName(t.db)).toEqual(NEW_NAME);
    const written = await writeEveryKind();

    const kinds = [...new Set(written.map((m) => `${m.kind} ${m.channel} ${m.language}`))];
    for (const expected of [
      'inquiry-alert email en',
      'inquiry-alert sms en',
      'inquiry-reply email en',
      'inquiry-reply sms ne',
      'staff-link email en',
      'password-reset email en',
      'password-reset email ne',
      ...SITE_LANGUAGES.flatMap((l) =>
        APPLICATION_NOTICE_STEPS.flatMap((s) => [`application-${s} email ${l}`, `application-${s} sms ${l}`]),
      ),
    ])
      expect(kinds, expected).toContain(expected);

    for (const message of written) {
      const label = `${message.kind} ${message.channel} ${message.language}`;
      expect(message.words, label).not.toMatch(OLD_NAME);
      // The office's e-mail alert names no college (it goes to the office itself); every other message does.
      if (message.kind === 'inquiry-alert' && message.channel === 'email') continue;
      expect(message.words, label).toContain(NEW_NAME[message.language as 'en' | 'ne']);
      if (message.language === 'ne') expect(message.words, label).not.toContain(NEW_NAME.en);
    }
    // Every e-mail draws the logo from the site itself (its app icon, a PNG at a fixed address), never inline.
    const logo = `<img src="${t.env.siteUrl}/icons/icon-192.png" width="64" height="64" alt="`;
    for (const message of written.filter((m) => m.channel === 'email')) {
      const label = `${message.kind} ${message.language}`;
      expect(message.words, label).toContain(`${logo}${NEW_NAME[message.language as 'en' | 'ne']}"`);
      expect(message.words, label).not.toContain('data:');
    }
    const icon = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('names itself in the test e-mail and its sender, and in the test SMS', async () => {
    await rename(NEW_NAME);
    smtp.received.length = 0;
    const owner = testStaffActor('owner');
    expect(await t.services.messages.sendTestEmail(owner, 'owner@college.test')).toMatchObject({ outcome: 'sent' });
    const [mail] = smtp.received;
    expect(mail?.from?.value).toEqual([{ name: NEW_NAME.en, address: 'no-reply@localhost' }]);
    expect(mail?.subject).toBe(`Test e-mail from the ${NEW_NAME.en} website`);
    expect(`${mail?.text}${mail?.html}`).not.toMatch(OLD_NAME);
    expect(mail?.html).toContain(`<img src="${t.env.siteUrl}/icons/icon-192.png"`);
    expect((await t.services.messages.settings(owner)).defaultMailFrom).toBe(`${NEW_NAME.en} <no-reply@localhost>`);

    sms.seen.length = 0;
    expect(await t.services.messages.sendTestSms(owner, '9841000000')).toMatchObject({ outcome: 'sent' });
    expect(sms.seen.map((s) => s.fields.text)).toEqual([`${NEW_NAME.en}: a test SMS. SMS is set up.`]);
  });

  it('quotes a sender name with a comma, so the mail program does not split it into two addresses', async () => {
    await rename({ en: 'Shree Ram, Secondary School', ne: '' });
    smtp.received.length = 0;
    await t.services.messages.sendTestEmail(testStaffActor('owner'), 'owner@college.test');
    expect(smtp.received[0]?.from?.value).toEqual([
      { name: 'Shree Ram, Secondary School', address: 'no-reply@localhost' },
    ]);
    await rename(NEW_NAME);
  });

  it('titles the API’s description and heads the pass list with its new name', async () => {
    await rename(NEW_NAME);
    const docs = await asAdmin('GET', '/api/docs');
    expect(docs.json<{ info: { title: string } }>().info.title).toBe(`${NEW_NAME.en} API`);
    const html = await passListHtml('Entrance results 2084', [], false, await readCollegeName(t.db));
    expect(html).toContain(`${NEW_NAME.en} / <span lang="ne">${NEW_NAME.ne}</span>`);
    expect(html.replace(/<style>[\s\S]*<\/style>/u, '')).not.toMatch(OLD_NAME);
  });
});
