import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { enqueue } from './outbox.ts';
import { claimDue } from './outbox.repository.ts';
import { createOutboxSender, LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './outbox-sender.ts';
import { readCollegeName } from '../content/index.ts';

const smtp = await startTestSmtpServer({ refuse: ['gone@example.com'] });
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
/** A monitor's token: /api/health shows its figures (the outbox among them) to it, or to a signed-in owner. */
const HEALTH_TOKEN = 'a-monitor-token-of-the-office-0123456789';
const t = await createTestApp(
  {
    HEALTH_TOKEN,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Orbit College <office@orbit.test>',
    OFFICE_EMAIL: 'office@orbit.test, head@orbit.test',
  },
  { clock },
);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

beforeEach(async () => {
  await t.db.deleteFrom('inquiry_replies').execute();
  await t.db.deleteFrom('inquiries').execute();
  await t.db.deleteFrom('outbox_messages').execute();
  smtp.received.length = 0;
});

let ip = 0;
async function sendContactForm(overrides: Parameters<typeof buildInquiryInput>[0] = {}) {
  const token = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
  clock.advance(INQUIRY_FORM_TIMING.minSeconds * 1000 + 5000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: `192.0.2.${++ip}`,
    payload: { ...buildInquiryInput(overrides), form_token: token.json<InquiryFormToken>().token },
  });
  expect(res.statusCode).toBe(201);
}

const rows = () => t.db.selectFrom('outbox_messages').selectAll().orderBy('created_at').execute();
const to = (mail: (typeof smtp.received)[number]) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text);

describe('the outbox with a real SMTP server', () => {
  it('queues the office’s alert with a new inquiry and sends it in the background, not during the request', async () => {
    await sendContactForm({ subject: 'Hostel facilities', message: 'Is there a hostel for girls?' });
    expect(smtp.received).toHaveLength(0);
    expect((await rows()).map((r) => [r.recipient, r.state, r.event.split(':')[0]])).toEqual([
      ['office@orbit.test', 'queued', 'inquiry-alert'],
      ['head@orbit.test', 'queued', 'inquiry-alert'],
    ]);
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received.map(to).flat().sort()).toEqual(['head@orbit.test', 'office@orbit.test']);
    const alert = smtp.received[0]!;
    expect(alert.subject).toBe('New message from the website: Hostel facilities');
    expect(alert.text).toContain('Is there a hostel for girls?');
    expect(alert.text).toContain('Sita Sharma <sita@example.com>');
    expect(alert.html).not.toMatch(/<(img|link|script)|url\(|src=/iu);
    expect((await rows()).every((r) => r.state === 'sent' && r.attempts === 1 && r.last_answer.startsWith('250'))).toBe(
      true,
    );
  });

  it('e-mails the office’s reply to a Nepali message in Nepali, the subject and body intact, and marks it answered', async () => {
    await sendContactForm({ subject: 'भर्ना कहिले खुल्छ?', message: 'कक्षा ११ को भर्ना मिति बताइदिनुहोस्।' });
    await t.services.outbox.runOnce();
    smtp.received.length = 0;
    const [inquiry] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    const replied = await t.services.inquiries.reply(COMMAND_LINE_ACTOR, inquiry!.id, 'भर्ना साउन १ गतेदेखि खुल्छ। धन्यवाद।');
    expect(replied).toMatchObject({
      state: 'answered',
      handled: true,
      replies: [{ body: 'भर्ना साउन १ गतेदेखि खुल्छ। धन्यवाद।', delivery: 'queued' }],
    });
    await t.services.outbox.runOnce();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(to(mail)).toEqual(['sita@example.com']);
    expect(mail.subject).toBe('जवाफ: भर्ना कहिले खुल्छ?');
    expect(mail.text).toContain('आदरणीय Sita,');
    expect(mail.text).toContain('भर्ना साउन १ गतेदेखि खुल्छ। धन्यवाद।');
    expect(mail.text).toContain('> कक्षा ११ को भर्ना मिति बताइदिनुहोस्।');
    // The date of the visitor's message in B.S., in Devanagari digits.
    expect(mail.text).toMatch(/[०-९]+ मंसिर [०-९]{4}/u);
    expect(mail.html).toContain('lang="ne"');
    const [after] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(after!.replies[0]!.delivery).toBe('sent');
  });

  it('retries while the SMTP server is down, with growing delays, and delivers every message once when it is back', async () => {
    for (let i = 1; i <= 3; i += 1)
      await enqueue(t.db, {
        channel: 'email',
        recipient: `parent${i}@example.com`,
        language: 'en',
        subject: `Message ${i}`,
        text: `Body ${i}`,
        event: `test:${i}`,
        at: clock.now(),
      });
    await smtp.stop();
    try {
      expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0, retrying: 3 });
      const first = await rows();
      expect(
        first.every(
          (r) => r.state === 'retrying' && r.attempts === 1 && /ECONNECTION|ECONNREFUSED/u.test(r.last_answer),
        ),
      ).toBe(true);
      // Not due yet: nothing is tried before its time.
      clock.advance(RETRY_DELAYS_MS[0]! - 1000);
      expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0, retrying: 0 });
      clock.advance(1000);
      expect(await t.services.outbox.runOnce()).toMatchObject({ retrying: 3 });
      const second = await rows();
      expect(second.every((r) => r.attempts === 2)).toBe(true);
      // The second wait is longer than the first.
      expect(new Date(second[0]!.next_attempt_at).getTime() - clock.now().getTime()).toBe(RETRY_DELAYS_MS[1]);
    } finally {
      await smtp.start();
    }
    clock.advance(RETRY_DELAYS_MS[1]!);
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 3 });
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect((await rows()).map((r) => [r.state, r.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
      ['sent', 3],
    ]);
  });

  it('gives up after the last try with the reason, and an owner’s resend queues it again', async () => {
    await enqueue(t.db, {
      channel: 'email',
      recipient: 'parent@example.com',
      language: 'en',
      subject: 'Late',
      text: 'x',
      event: 'test:late',
      at: clock.now(),
    });
    await smtp.stop();
    try {
      for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
        await t.services.outbox.runOnce();
        clock.advance(RETRY_DELAYS_MS.at(-1)!);
      }
    } finally {
      await smtp.start();
    }
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.last_answer).toMatch(new RegExp(`given up after ${MAX_ATTEMPTS} tries`, 'u'));
    await t.services.messages.resend(COMMAND_LINE_ACTOR, row!.id);
    expect(await t.services.outbox.runOnce()).toMatchObject({ sent: 1 });
    await expect(t.services.messages.resend(COMMAND_LINE_ACTOR, row!.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('records a recipient the server refuses (550) as failed at once, and a malformed address without trying', async () => {
    await enqueue(t.db, {
      channel: 'email',
      recipient: 'gone@example.com',
      language: 'en',
      subject: 'a',
      text: 'a',
      event: 'test:a',
      at: clock.now(),
    });
    await enqueue(t.db, {
      channel: 'email',
      recipient: 'not an address',
      language: 'en',
      subject: 'b',
      text: 'b',
      event: 'test:b',
      at: clock.now(),
    });
    expect(await t.services.outbox.runOnce()).toMatchObject({ failed: 1, sent: 0 });
    const byEvent = Object.fromEntries((await rows()).map((r) => [r.event, r]));
    expect(byEvent['test:a']).toMatchObject({ state: 'failed', attempts: 1 });
    expect(byEvent['test:a']!.last_answer).toMatch(/550/u);
    expect(byEvent['test:b']).toMatchObject({
      state: 'failed',
      attempts: 0,
      last_answer: 'Not sent: the recipient is not a valid e-mail address.',
    });
  });

  it('sends after a crash: a message held by a sender that died is taken again by a new sender once its lease ends', async () => {
    await enqueue(t.db, {
      channel: 'email',
      recipient: 'parent@example.com',
      language: 'en',
      subject: 'After the crash',
      text: 'x',
      event: 'test:crash',
      at: clock.now(),
    });
    // The dead process had claimed it and never finished.
    const now = clock.now();
    await claimDue(t.db, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(),
      claim: 'dead',
      limit: 10,
      channels: ['email'],
    });
    const restarted = createOutboxSender({
      db: t.db,
      clock,
      log: t.app.log,
      couriers: () => t.services.messages.couriers(),
    });
    expect(await restarted.runOnce()).toMatchObject({ sent: 0 });
    clock.advance(LEASE_MS);
    expect(await restarted.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received.map((m) => m.subject)).toEqual(['After the crash']);
  });

  it('two senders on one database send each message once', async () => {
    for (let i = 0; i < 30; i += 1)
      await enqueue(t.db, {
        channel: 'email',
        recipient: `p${i}@example.com`,
        language: 'en',
        subject: `M${i}`,
        text: 'x',
        event: `test:${i}`,
        at: clock.now(),
      });
    const other = createOutboxSender({
      db: t.db,
      clock,
      log: t.app.log,
      couriers: () => t.services.messages.couriers(),
    });
    const [a, b] = await Promise.all([t.services.outbox.runOnce(), other.runOnce()]);
    expect(a.sent + b.sent).toBe(30);
    expect(a.lost + b.lost).toBe(0);
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it('reports the backlog and the oldest queued message’s age in /api/health', async () => {
    await enqueue(t.db, {
      channel: 'email',
      recipient: 'parent@example.com',
      language: 'en',
      subject: 'a',
      text: 'a',
      event: 'test:h',
      at: clock.now(),
    });
    clock.advance(90_000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(res.json()).toMatchObject({ status: 'ok', outbox: { backlog: 1, oldestSeconds: 90 } });
    // The public sees whether the site is up, not its queue.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).not.toHaveProperty('outbox');
  });

  it('e-mails a new person’s one-time link when the owner asks, in the transaction that made the link', async () => {
    const { link } = await t.services.staff.add(
      COMMAND_LINE_ACTOR,
      { name: 'Ram Editor', email: 'ram@orbit.test', role: 'editor' },
      { email: true },
    );
    await t.services.outbox.runOnce();
    const mail = smtp.received.find((m) => to(m).includes('ram@orbit.test'));
    expect(mail?.subject).toBe(`Set your password for the ${(await readCollegeName(t.db)).en} website`);
    expect(mail?.text).toContain(`${t.env.siteUrl}${link.path}`);
    expect(mail?.text).toContain('Dear Ram Editor,');
    // Without asking, nothing is e-mailed: the owner copies the link as before.
    await t.services.staff.add(COMMAND_LINE_ACTOR, { name: 'Sita', email: 'sita.staff@orbit.test', role: 'editor' });
    expect((await rows()).filter((r) => r.recipient === 'sita.staff@orbit.test')).toEqual([]);
  });

  it('sends a test e-mail at once and reports the server’s answer', async () => {
    const answer = await t.services.messages.sendTestEmail(COMMAND_LINE_ACTOR, 'owner@orbit.test');
    expect(answer.outcome).toBe('sent');
    expect(answer.answer).toMatch(/^250/u);
    expect(smtp.received[0]!.subject).toBe(`Test e-mail from the ${(await readCollegeName(t.db)).en} website`);
  });
});
