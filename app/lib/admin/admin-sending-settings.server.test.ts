import type { ActionFunctionArgs } from 'react-router';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { createMessagesService, enqueue } from '#server/modules/outbox/index.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { createSettingsCipher } from '#server/secrets/settings-key.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { ManualClock } from '#server/test-support/manual-clock.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { pageContext, testStaffActor } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { startSmsStandIns } from '#server/test-support/sms-stand-ins.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { createTestApp } from '#server/test-support/test-app.ts';
import { adminAction } from './admin-action.server.ts';
import { MESSAGES_WRITES } from './admin-messages-writes.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page actions run on the real services and database here
import { readCollegeName } from '#server/modules/content/index.ts';

// The owner sets e-mail and SMS up on /admin/messages, on the real services and database, with no SMTP_URL:
// the messages that waited for set-up leave once each, and the secrets typed are never stored or shown as typed.
const PASSWORD = 'app-password-Zq81x';
const TOKEN = 'sms-token-Kd77w';
const smtp = await startTestSmtpServer({ users: { 'office@orbit.test': PASSWORD } });
const standIns = await startSmsStandIns();
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp({}, { clock, smsBaseUrls: { sparrow: standIns.baseUrl, aakash: standIns.baseUrl } });
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await standIns.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('outbox_messages').execute();
  await t.db.deleteFrom('message_settings').execute();
  smtp.received.length = 0;
  standIns.seen.length = 0;
});

const smtpForm = (fields: Record<string, string> = {}) => ({
  intent: 'smtp',
  form: 'smtp',
  preset: '',
  host: '127.0.0.1',
  port: String(smtp.port),
  security: 'none',
  user: 'office@orbit.test',
  password: PASSWORD,
  from: 'Orbit College Office <office@orbit.test>',
  ...fields,
});

async function post(fields: Record<string, string>, actor = testStaffActor('owner')) {
  const request = new Request('http://site.test/admin/messages', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const args = { request, context: pageContext(t.services, actor), params: {} } as ActionFunctionArgs;
  const { data, init } = await adminAction(args, MESSAGES_WRITES);
  return { status: init?.status ?? 200, body: data };
}

const writeMail = (recipient: string) =>
  enqueue(t.db, {
    channel: 'email',
    recipient,
    language: 'en',
    subject: 'Admit card ready',
    text: 'Your admit card is ready.',
    event: `application-admit-card:${recipient}`,
    at: clock.now(),
  });

const storedRows = () => t.db.selectFrom('message_settings').selectAll().execute();
const auditText = async () => JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());

describe('SMTP set up from the admin', () => {
  it("lets staff links and 'Forgot your password?' use the e-mail set up here, not only SMTP_URL", async () => {
    expect(await t.services.messages.emailReady()).toBe(false);
    expect(await t.services.staff.resetByEmail()).toBe(false);
    expect((await post(smtpForm())).status).toBe(200);
    expect(await t.services.messages.emailReady()).toBe(true);
    expect(await t.services.staff.resetByEmail()).toBe(true);
  });

  it('sends each message that waited for set-up exactly once, From the sender saved', async () => {
    await writeMail('guardian.one@example.com');
    await writeMail('guardian.two@example.com');
    expect(await t.services.messages.waitingForSetUp()).toEqual({ email: 2, sms: 0 });
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0 });

    const saved = await post(smtpForm());
    expect(saved).toEqual({ status: 200, body: { ok: true, message: 'E-mail (SMTP) settings saved.', form: 'smtp' } });
    expect(await t.services.messages.waitingForSetUp()).toEqual({ email: 0, sms: 0 });

    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 2, failed: 0, retrying: 0 });
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.received.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual([
      'guardian.one@example.com',
      'guardian.two@example.com',
    ]);
    expect(smtp.received[0]?.from?.text).toBe('"Orbit College Office" <office@orbit.test>');

    const view = await t.services.messages.settings(testStaffActor('owner'));
    expect(view.smtp).toMatchObject({
      host: '127.0.0.1',
      port: smtp.port,
      security: 'none',
      user: 'office@orbit.test',
      passwordSet: true,
      serverFromEnv: false,
      keyProblem: '',
      ready: true,
    });
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
  });

  it('stores the password sealed, never as typed, and audits the change without it', async () => {
    await post(smtpForm());
    const rows = await storedRows();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(rows.find((r) => r.name === 'smtp_password')?.value).toMatch(/^sealed:v1:/u);
    const audited = await auditText();
    expect(audited).toContain('SMTP password');
    expect(audited).not.toContain(PASSWORD);

    // A blank password keeps the one set; the test e-mail goes through it and reports the server's answer.
    expect((await post(smtpForm({ password: '' }))).status).toBe(200);
    const test = await post({ intent: 'testEmail', form: 'testEmail', to: 'owner@orbit.test' });
    expect(test.body).toMatchObject({ ok: true, message: expect.stringMatching(/^Sent\. The server answered: 250/u) });
    expect(smtp.received.map((m) => m.subject)).toEqual([
      `Test e-mail from the ${(await readCollegeName(t.db)).en} website`,
    ]);
  });

  it('fills the server, port and security from a provider’s preset, and refuses a bad port by its field', async () => {
    expect((await post(smtpForm({ preset: 'gmail', host: '', port: '', security: '' }))).status).toBe(200);
    const view = await t.services.messages.settings(testStaffActor('owner'));
    expect(view.smtp).toMatchObject({ host: 'smtp.gmail.com', port: 587, security: 'starttls' });

    const refused = await post(smtpForm({ port: '99999' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, fieldErrors: { port: 'Enter a port from 1 to 65535, like 587.' } });
    expect(JSON.stringify(refused.body)).not.toContain(PASSWORD);
  });

  it('answers a test e-mail that cannot leave with the server’s error, in words', async () => {
    await post(smtpForm({ password: 'a-wrong-password' }));
    const wrong = await post({ intent: 'testEmail', form: 'testEmail', to: 'owner@orbit.test' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: expect.stringMatching(/^Not sent\. EAUTH: .*535/u) });
    expect(JSON.stringify(wrong.body)).not.toContain('a-wrong-password');

    await post(smtpForm({ port: '1' }));
    const test = await post({ intent: 'testEmail', form: 'testEmail', to: 'owner@orbit.test' });
    expect(test.status).toBe(400);
    expect(test.body).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Not sent\. E[A-Z]+: .*ECONNREFUSED/u),
    });
  });

  it('stops e-mail when the server is emptied: messages wait for set-up again', async () => {
    await post(smtpForm());
    await post(smtpForm({ host: '', password: '' }));
    expect(JSON.stringify(await storedRows())).not.toContain('sealed:v1:');
    await writeMail('guardian.three@example.com');
    expect(await t.services.messages.waitingForSetUp()).toEqual({ email: 1, sms: 0 });
  });

  it('is refused to anyone but an owner, and nothing is saved', async () => {
    for (const role of ['editor', 'admissions'] as const) {
      const refused = await post(smtpForm(), testStaffActor(role));
      expect(refused.status).toBe(403);
    }
    expect(await storedRows()).toEqual([]);
  });
});

describe('a stored secret the settings key cannot open', () => {
  it('is reported in words and e-mail waits for set-up, without a crash, until the password is typed again', async () => {
    await post(smtpForm());
    await writeMail('guardian.four@example.com');
    // The database restored on a machine with another key (or without the key file).
    const elsewhere = createMessagesService(t.db, clock, {
      smtpUrl: undefined,
      mailFrom: undefined,
      defaultMailAddress: 'no-reply@orbit.test',
      officeEmails: [],
      cipher: createSettingsCipher({ envKey: 'cd'.repeat(32), dataDir: t.dataDir }),
    });
    const owner = testStaffActor('owner');
    const view = await elsewhere.settings(owner);
    expect(view.smtp.keyProblem).toMatch(/not the key it was saved with/u);
    expect(view.smtp.ready).toBe(false);
    expect(await elsewhere.ready()).toEqual({ email: false, sms: false });
    expect(await elsewhere.waitingForSetUp()).toEqual({ email: 1, sms: 0 });
    expect(await elsewhere.couriers()).toEqual({});
    expect(await elsewhere.sendTestEmail(owner, 'owner@orbit.test')).toMatchObject({
      outcome: 'failed',
      answer: expect.stringMatching(/not the key it was saved with/u),
    });
    // Typing the password again seals it under this server's key, and e-mail is ready.
    await elsewhere.saveSmtpSettings(owner, { ...smtpForm(), preset: '', security: 'none' });
    expect(await elsewhere.ready()).toEqual({ email: true, sms: false });
    elsewhere.close();
  });
});

describe('SMS set up from the admin', () => {
  it('seals the token and sends a test SMS through the provider, with its answer', async () => {
    const saved = await post({
      intent: 'settings',
      form: 'settings',
      officeEmails: '',
      officePhones: '',
      smsProvider: 'aakash',
      smsToken: TOKEN,
      smsSender: '',
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(await storedRows())).not.toContain(TOKEN);
    expect(await auditText()).not.toContain(TOKEN);
    const test = await post({ intent: 'testSms', form: 'testSms', to: '9841000009' });
    expect(test.body).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^SMS sent\. The provider answered: /u),
    });
    expect(standIns.seen.map((s) => s.fields.to)).toEqual(['9841000009']);
    expect(standIns.seen[0]?.fields.auth_token).toBe(TOKEN);
  });

  it('answers a test SMS truthfully when no provider is set', async () => {
    const test = await post({ intent: 'testSms', form: 'testSms', to: '9841000009' });
    expect(test.status).toBe(400);
    expect(test.body).toMatchObject({ message: 'Not sent. SMS is not set up: choose a provider and save its token.' });
  });
});

describe('with SMTP_URL set in the environment', () => {
  it('shows the environment’s server and refuses to save another: the environment wins', async () => {
    const envApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Env Sender <env@orbit.test>' });
    try {
      const owner = testStaffActor('owner');
      const view = await envApp.services.messages.settings(owner);
      expect(view.smtp).toMatchObject({
        host: '127.0.0.1',
        port: smtp.port,
        serverFromEnv: true,
        fromFromEnv: true,
        from: 'Env Sender <env@orbit.test>',
        ready: true,
      });
      await expect(
        envApp.services.messages.saveSmtpSettings(owner, { ...smtpForm(), preset: '', security: 'none' }),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: 'The SMTP server is set by the server’s SMTP_URL; change it there.',
      });
    } finally {
      await envApp.close();
    }
  });
});
