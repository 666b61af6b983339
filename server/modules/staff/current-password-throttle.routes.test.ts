import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordHashingStats } from '#server/auth/password.ts';
import {
  type AdminTestApp,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SAME_ORIGIN,
  createAdminTestApp,
} from '#server/test-support/admin-session.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { totpCode } from '../auth/index.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
const PER_ACCOUNT = 3;
const PER_IP = 5;
const NEW_PASSWORD = 'a fresh office passphrase';
const EDITOR = 'clerk@test.np';
const EDITOR_PASSWORD = 'the clerk passphrase';

let t: AdminTestApp;
let editorCookie = '';
beforeAll(async () => {
  t = await createAdminTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
    LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
  });
  await t.app.services.users.create(COMMAND_LINE_ACTOR, EDITOR, EDITOR_PASSWORD, { role: 'editor' });
  const res = await t.anonymous({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: EDITOR, password: EDITOR_PASSWORD },
  });
  editorCookie = `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')?.value}`;
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.db.deleteFrom('rate_limits').execute());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** Password checks that really ran (scrypt derivations) while `run` went on. */
async function countChecks(run: () => Promise<LightMyRequestResponse>) {
  const before = passwordHashingStats().verifications;
  const res = await run();
  return { res, checks: passwordHashingStats().verifications - before };
}

const changePassword = (current: string, ip: string, cookie = t.cookie, password = NEW_PASSWORD) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/account/password',
    headers: { ...SAME_ORIGIN, cookie },
    remoteAddress: ip,
    payload: { current, password },
  } satisfies InjectOptions);

const turnOffTwoFactor = (proof: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/account/two-factor/disable',
    headers: { ...SAME_ORIGIN, cookie: t.cookie },
    remoteAddress: ip,
    payload: { proof },
  });

const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    remoteAddress: ip,
    payload: { email, password },
  });

/** The lockout window has passed (as the sign-in throttle's own tests move it). */
const windowPasses = () =>
  t.db
    .updateTable('rate_limits')
    .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
    .execute();

function expectThrottled(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const { error } = res.json();
  expect(error.code).toBe('auth/too-many-requests');
  // The words say the same wait as Retry-After, rounded up to whole minutes.
  const minutes = Math.ceil(Number(res.headers['retry-after']) / 60);
  expect(minutes).toBeGreaterThan(0);
  expect(error.message).toBe(
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

describe(`wrong current passwords on the Account page count as failed sign-ins (${engine})`, () => {
  it(`after ${PER_ACCOUNT} wrong current passwords the next is refused with 429 unchecked; after the window the right one works`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const { res, checks } = await countChecks(() => changePassword('not my password', ip));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('password/wrong-current');
      expect(checks).toBe(1);
    }
    // Even the right password, from another address: the account has no attempt left.
    const { res: refused, checks } = await countChecks(() => changePassword(ADMIN_PASSWORD, freshIp()));
    expectThrottled(refused);
    expect(checks).toBe(0);
    // The same counters as sign-in: the account's sign-in is refused the same way.
    const { res: login, checks: loginChecks } = await countChecks(() => signIn(ADMIN_EMAIL, ADMIN_PASSWORD, freshIp()));
    expectThrottled(login);
    expect(loginChecks).toBe(0);

    await windowPasses();
    // Nothing was changed meanwhile: the old password is still the current one.
    const ok = await changePassword(ADMIN_PASSWORD, ip);
    expect(ok.statusCode, ok.body).toBe(204);
    // A right current password forgives the account's failures, as a sign-in does.
    const counters = await t.db.selectFrom('rate_limits').select('key').execute();
    expect(counters.map((c) => c.key)).not.toContain(`login:account:${ADMIN_EMAIL}`);
  }, 120_000);

  it('the address is throttled too: wrong current passwords of several accounts from one address add up', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await changePassword('not my password', ip)).statusCode).toBe(400);
    }
    for (let i = PER_ACCOUNT; i < PER_IP; i++) {
      expect((await changePassword('not my password either', ip, editorCookie)).statusCode).toBe(400);
    }
    const { res, checks } = await countChecks(() => changePassword(EDITOR_PASSWORD, ip, editorCookie));
    expectThrottled(res);
    expect(checks).toBe(0);
    // From another address the editor's account still has attempts left.
    expect(
      (await changePassword(EDITOR_PASSWORD, freshIp(), editorCookie, 'the clerk passphrase two')).statusCode,
    ).toBe(204);
  }, 120_000);
});

describe(`wrong proofs when turning two-factor off count as failed sign-ins (${engine})`, () => {
  beforeAll(async () => {
    const setup = await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/setup' });
    const secret = setup.json<{ secret: string }>().secret.replaceAll(' ', '');
    const on = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/account/two-factor/confirm',
      payload: { code: totpCode(secret, Date.now()) },
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it(`after ${PER_ACCOUNT} wrong passwords the next proof is refused with 429 unchecked and two-factor stays on`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const { res, checks } = await countChecks(() => turnOffTwoFactor('not my password', ip));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('two-factor/wrong-proof');
      expect(checks).toBe(1);
    }
    const { res, checks } = await countChecks(() => turnOffTwoFactor(NEW_PASSWORD, freshIp()));
    expectThrottled(res);
    expect(checks).toBe(0);
    expect((await t.asAdmin({ url: '/api/admin/account/two-factor' })).json()).toMatchObject({ enabled: true });

    await windowPasses();
    const off = await turnOffTwoFactor(NEW_PASSWORD, ip);
    expect(off.statusCode, off.body).toBe(204);
    expect((await t.asAdmin({ url: '/api/admin/account/two-factor' })).json()).toMatchObject({ enabled: false });
  }, 120_000);
});
