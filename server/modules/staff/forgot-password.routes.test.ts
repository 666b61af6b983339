import type { LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_ASKED, RESET_LINK_MINUTES } from '#common/accounts/staff.ts';
import { formatDateTimeIn } from '#common/i18n/dates.ts';
import { SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { hashToken, totpCode } from '../auth/index.ts';
import { HELD_BACK, PUBLIC_MESSAGES_PER_DAY, REDACTED, REDACTED_HELD } from '../outbox/index.ts';
import { createStaffService } from './staff.service.ts';
import { readCollegeName } from '../content/index.ts';

const smtp = await startTestSmtpServer();
// Ten seconds into a 30-second step, so moving by whole steps never lands on a two-factor code's boundary.
const clock = new ManualClock('2026-11-24T09:00:10.000Z');
const t = await createAdminTestApp({ ...SESSIONS_OUTLAST_CLOCK, SMTP_URL: smtp.url }, (s) => s, clock);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  await t.db.deleteFrom('rate_limits').execute();
  await t.db.deleteFrom('outbox_messages').execute();
  smtp.received.length = 0;
});

const OLD = 'an old but good passphrase';
const NEW = 'a brand new passphrase';

let address = 0;
/** Each request from an address of its own unless told, so the per-address allowance is tested on its own. */
const forgot = (email: string, language?: 'en' | 'ne', remoteAddress = `198.51.100.${++address}`) =>
  t.anonymous({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress,
    payload: language ? { email, language } : { email },
  });

const login = (email: string, password: string) =>
  t.anonymous({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const sessionCookie = (res: LightMyRequestResponse) =>
  `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')?.value}`;

/** An account with a password set through its welcome link; returns its id. */
async function person(email: string, name = 'Gita Adhikari'): Promise<string> {
  const res = await t.asAdmin({ method: 'POST', url: '/api/admin/staff', payload: { name, email, role: 'editor' } });
  expect(res.statusCode, res.body).toBe(201);
  const { id, link } = res.json<{ id: string; link: { path: string } }>();
  const set = await t.anonymous({ method: 'POST', url: `/api/${link.path.slice(1)}`, payload: { password: OLD } });
  expect(set.statusCode).toBe(204);
  return id;
}

/** Sends what the outbox holds through the test SMTP server; the messages received. */
async function deliver(): Promise<ParsedMail[]> {
  await t.app.services.outbox.runOnce();
  return smtp.received;
}

const tokenIn = (mail: ParsedMail) => /\/welcome\/([A-Za-z0-9_-]{43})/u.exec(mail.text ?? '')?.[1] ?? '';
const useLink = (token: string, password: string) =>
  t.anonymous({ method: 'POST', url: `/api/welcome/${token}`, payload: { password } });
const auditOf = async (kind: string) =>
  (
    await t.db.selectFrom('audit_log').select(['subject', 'actor_id']).where('kind', '=', kind).orderBy('at').execute()
  ).map((e) => e.subject);

describe('Forgot your password?', () => {
  it('answers an address with an account and one without alike, and e-mails a link only to the account, in its chosen language', async () => {
    await person('gita@test.np');
    const known = await forgot('Gita@Test.np', 'ne');
    const unknown = await forgot('nobody@test.np', 'ne');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_ASKED });
    expect(unknown.body).toBe(known.body);
    // Nothing is sent during the request.
    expect(smtp.received).toHaveLength(0);

    const mails = await deliver();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toMatchObject({ text: 'gita@test.np' });
    expect(mail.subject).toBe(`${(await readCollegeName(t.db)).ne} वेबसाइटको नयाँ पासवर्ड`);
    expect(mail.text).toContain('आदरणीय Gita Adhikari,');
    // Until when it works, in B.S. and Nepal time, in Nepali digits.
    const until = formatDateTimeIn('ne', new Date(clock.now().getTime() + RESET_LINK_MINUTES * 60_000).toISOString());
    expect(until).toMatch(/मंसिर २०८३.*, १५:४५$/u);
    expect(mail.text).toContain(until);
    expect(mail.html).not.toMatch(/<(img|link|script)|url\(|src=/iu);
    expect(tokenIn(mail)).not.toBe('');
    // The token is stored only as its hash.
    expect(JSON.stringify(await t.db.selectFrom('one_time_links').selectAll().execute())).not.toContain(tokenIn(mail));

    expect(await auditOf('password-reset-asked')).toEqual([
      'Gita Adhikari (gita@test.np): reset link asked for on the sign-in page, sent by e-mail',
      'nobody@test.np: reset link asked for on the sign-in page; no account that can sign in, nothing sent',
    ]);
    // A stranger asking locks nobody out: the old password works until the link is used.
    expect((await login('gita@test.np', OLD)).statusCode).toBe(200);
  });

  it('the link sets a new password once, ends every session of the account, and is audited', async () => {
    await person('hari@test.np', 'Hari Thapa');
    const signedIn = sessionCookie(await login('hari@test.np', OLD));
    expect((await t.anonymous({ url: '/api/auth/session', headers: { cookie: signedIn } })).statusCode).toBe(200);

    expect((await forgot('hari@test.np')).statusCode).toBe(202);
    const [mail] = await deliver();
    expect(mail!.subject).toBe(`A new password for the ${(await readCollegeName(t.db)).en} website`);
    expect(mail!.text).toContain(
      `It works once, until ${formatDateTimeIn('en', new Date(clock.now().getTime() + 3_600_000).toISOString())}`,
    );
    const token = tokenIn(mail!);

    expect((await t.anonymous({ url: `/api/welcome/${token}` })).json()).toEqual({
      purpose: 'reset',
      email: 'hari@test.np',
      name: 'Hari Thapa',
    });
    expect((await useLink(token, NEW)).statusCode).toBe(204);
    expect((await useLink(token, 'another new passphrase')).statusCode).toBe(410);
    expect((await t.anonymous({ url: '/api/auth/session', headers: { cookie: signedIn } })).statusCode).toBe(401);
    expect((await login('hari@test.np', OLD)).statusCode).toBe(401);
    expect((await login('hari@test.np', NEW)).statusCode).toBe(200);
    expect(await auditOf('password-changed')).toContain('Hari Thapa (hari@test.np): password set with a one-time link');
  });

  it(`the link expires after ${RESET_LINK_MINUTES} minutes, and a newer one voids the older`, async () => {
    await person('mina@test.np');
    await forgot('mina@test.np');
    await forgot('mina@test.np');
    const tokens = (await deliver()).map(tokenIn);
    expect(tokens).toHaveLength(2);
    // The mails may be sent in either order: the newer link is the one still stored.
    const stored = new Set(
      (await t.db.selectFrom('one_time_links').select('token_hash').execute()).map((l) => l.token_hash),
    );
    const second = tokens.find((token) => stored.has(hashToken(token)));
    const first = tokens.find((token) => token !== second);
    expect((await useLink(first!, NEW)).statusCode).toBe(410);
    clock.advance(RESET_LINK_MINUTES * 60_000 + 1000);
    const late = await useLink(second!, NEW);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('link/invalid');
    expect((await login('mina@test.np', OLD)).statusCode).toBe(200);
  });

  it('sends nothing for a disabled account, with the same answer', async () => {
    const id = await person('ram@test.np');
    const disabled = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${id}/disabled`,
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBeLessThan(300);
    const res = await forgot('ram@test.np');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: RESET_ASKED });
    expect(await deliver()).toHaveLength(0);
  });

  it('limits the links per typed address (known or not) and per client address, saying how long to wait', async () => {
    await person('sita@test.np');
    for (const email of ['sita@test.np', 'nobody@test.np']) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(202);
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json().error).toEqual({
        code: 'reset/too-many-requests',
        message: 'Too many password reset links were asked for. Try again in 60 minutes.',
      });
    }
    // Of the three asked for the account, the day's two are sent; the third is held back.
    expect(await deliver()).toHaveLength(PUBLIC_MESSAGES_PER_DAY);

    // One client address asking for many addresses.
    for (let i = 0; i < 10; i++)
      expect((await forgot(`someone${i}@test.np`, 'en', '203.0.113.9')).statusCode).toBe(202);
    expect((await forgot('someone-else@test.np', 'en', '203.0.113.9')).statusCode).toBe(429);
    // The hour passes.
    clock.advance(3_600_000);
    expect((await forgot('sita@test.np', 'en', '203.0.113.9')).statusCode).toBe(202);
  });

  it('counts an IPv6 client by its /64: new addresses in it get no new allowance', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await forgot(`v6-${i}@test.np`, 'en', `2001:db8:7:9::${i.toString(16)}`)).statusCode).toBe(202);
    expect((await forgot('v6-11@test.np', 'en', '2001:db8:7:9:ffff::1')).statusCode).toBe(429);
    expect((await forgot('v6-12@test.np', 'en', '2001:db8:7:a::1')).statusCode).toBe(202);
  });

  it('keeps no link in the outbox once its e-mail is sent', async () => {
    await person('asha@test.np');
    await forgot('asha@test.np');
    const queued = await t.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(queued.text).toMatch(/\/welcome\/[A-Za-z0-9_-]{43}/u);
    const [mail] = await deliver();
    const token = tokenIn(mail!);
    expect(token).not.toBe('');
    const sent = await t.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ state: 'sent', text: REDACTED.text, html: '', subject: mail!.subject });
    expect(JSON.stringify(await t.db.selectFrom('outbox_messages').selectAll().execute())).not.toContain(token);
    // The link itself still works: only the outbox's copy is gone.
    expect((await useLink(token, NEW)).statusCode).toBe(204);
  });

  it(`holds back a reset e-mail past ${PUBLIC_MESSAGES_PER_DAY} to one address in a Nepal day, whoever asks: no link is made, the last one sent still works`, async () => {
    await person('bina@test.np', 'Bina Rai');
    for (let i = 0; i < PUBLIC_MESSAGES_PER_DAY + 1; i++) expect((await forgot('bina@test.np')).statusCode).toBe(202);
    const mails = await deliver();
    expect(mails).toHaveLength(PUBLIC_MESSAGES_PER_DAY);
    const held = await t.db.selectFrom('outbox_messages').selectAll().where('state', '=', 'held').execute();
    expect(held).toEqual([
      expect.objectContaining({
        recipient: 'bina@test.np',
        last_answer: HELD_BACK.email,
        text: REDACTED_HELD.text,
        attempts: 0,
        sent_at: null,
      }),
    ]);
    expect((await auditOf('password-reset-asked')).filter((subject) => subject.includes('bina@'))).toEqual([
      'Bina Rai (bina@test.np): reset link asked for on the sign-in page, sent by e-mail',
      'Bina Rai (bina@test.np): reset link asked for on the sign-in page, sent by e-mail',
      'Bina Rai (bina@test.np): reset link asked for on the sign-in page, held back: too many e-mails to this address today, no link made',
    ]);
    // The held request made no link, so the newer of the two sent still sets the password.
    const stored = new Set(
      (await t.db.selectFrom('one_time_links').select('token_hash').execute()).map((l) => l.token_hash),
    );
    const live = mails.map(tokenIn).find((token) => stored.has(hashToken(token)));
    expect((await useLink(live!, NEW)).statusCode).toBe(204);
  });

  it('refuses a malformed address, and a site without e-mail says so instead of pretending', async () => {
    const bad = await forgot('not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('auth/invalid-email');
    const tooLong = await forgot(`${'a'.repeat(400)}@test.np`);
    expect(tooLong.statusCode).toBe(400);

    const noEmail = createStaffService(t.db, clock, t.app.services.users);
    await expect(noEmail.forgotPassword({ email: 'gita@test.np', language: 'en' }, '192.0.2.1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'reset/no-email',
    });
    expect(await t.db.selectFrom('outbox_messages').selectAll().execute()).toHaveLength(0);
  });

  it('an account with two-factor on still needs its code after the reset', async () => {
    await person('kiran@test.np');
    const cookie = sessionCookie(await login('kiran@test.np', OLD));
    const as = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
    const setup = await as('/api/admin/account/two-factor/setup');
    const secret = setup.json<{ secret: string }>().secret.replaceAll(' ', '');
    const confirmed = await as('/api/admin/account/two-factor/confirm', {
      code: totpCode(secret, clock.now().getTime()),
    });
    expect(confirmed.statusCode).toBe(200);

    await forgot('kiran@test.np');
    const [mail] = await deliver();
    expect((await useLink(tokenIn(mail!), NEW)).statusCode).toBe(204);
    const signIn = await login('kiran@test.np', NEW);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ twoFactorRequired: true });
    expect(signIn.cookies.find((c) => c.name === 'orbit_session')).toBeUndefined();
  });
});
