import { COMMAND_LINE_ACTOR, staffActor } from '#server/auth/actor.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { totpCode } from './totp.ts';

// Ten seconds into a 30-second step, so moving by whole steps never lands on a boundary.
const clock = new ManualClock('2026-11-23T06:00:10.000Z');
const t = await createAdminTestApp(
  { LOGIN_MAX_FAILURES_PER_ACCOUNT: '4', LOGIN_MAX_FAILURES_PER_IP: '50' },
  (s) => s,
  clock,
);
afterAll(() => t.close());
beforeEach(() => t.db.deleteFrom('rate_limits').execute());

let secret = '';
let recoveryCodes: string[] = [];
const code = (offsetSteps = 0) => totpCode(secret, clock.now().getTime() + offsetSteps * 30_000);
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

function login(password = ADMIN_PASSWORD) {
  return t.anonymous({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password } });
}

/** The password step: answers twoFactorRequired and the pending cookie, and no session. */
async function passwordStep(): Promise<string> {
  const res = await login();
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true });
  expect(cookieOf(res, 'orbit_session')).toBeUndefined();
  const pending = cookieOf(res, 'orbit_pending_sign_in');
  expect(pending).toMatch(/^[A-Za-z0-9_-]{43}$/u);
  return `orbit_pending_sign_in=${pending}`;
}

function codeStep(pendingCookie: string | undefined, value: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/code',
    headers: { ...SAME_ORIGIN, ...(pendingCookie ? { cookie: pendingCookie } : {}) },
    payload: { code: value },
  });
}

const auditKinds = async () =>
  (await t.db.selectFrom('audit_log').select(['kind', 'subject']).orderBy('at').execute()).filter(
    (e) => e.kind === 'two-factor-changed',
  );

describe('turning two-factor on', () => {
  beforeAll(async () => {
    const setup = await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/setup' });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ secret: string; qrSvg: string }>();
    expect(body.secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/u);
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/u);
    secret = body.secret.replaceAll(' ', '');
  });

  it('is not on before the first code, and a wrong first code leaves it off', async () => {
    const status = await t.asAdmin({ url: '/api/admin/account/two-factor' });
    expect(status.json()).toMatchObject({ enabled: false });
    const wrong = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/account/two-factor/confirm',
      payload: { code: code(3) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'two-factor/wrong-code' } });
    expect((await login()).json()).toHaveProperty('userToken');
  });

  it('the first code turns it on and answers 10 recovery codes, of which only hashes are stored; the secret is sealed', async () => {
    const res = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/account/two-factor/confirm',
      payload: { code: code() },
    });
    expect(res.statusCode).toBe(200);
    recoveryCodes = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    const stored = JSON.stringify(await t.db.selectFrom('users').selectAll().execute());
    const storedCodes = JSON.stringify(await t.db.selectFrom('recovery_codes').selectAll().execute());
    expect(stored).not.toContain(secret);
    for (const c of recoveryCodes) expect(storedCodes).not.toContain(c.replaceAll('-', ''));
    expect((await t.asAdmin({ url: '/api/admin/account/two-factor' })).json()).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect(await auditKinds()).toEqual([{ kind: 'two-factor-changed', subject: `${ADMIN_EMAIL}: turned on` }]);
  });
});

describe('signing in with a code', () => {
  it("the code used to turn it on cannot sign in (same step); a wrong code is refused; the next step's code signs in", async () => {
    const pending = await passwordStep();
    const reused = await codeStep(pending, code());
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: { code: 'auth/invalid-code' } });
    const wrong = await codeStep(pending, code(5));
    expect(wrong.json()).toMatchObject({ error: { code: 'auth/invalid-code' } });
    clock.advance(30_000);
    const ok = await codeStep(pending, code());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: ADMIN_EMAIL });
    const session = cookieOf(ok, 'orbit_session');
    expect(
      (await t.app.inject({ url: '/api/auth/session', headers: { cookie: `orbit_session=${session}` } })).statusCode,
    ).toBe(200);
    // The pending sign-in made its one session.
    expect((await codeStep(pending, code(1))).json()).toMatchObject({ error: { code: 'auth/code-expired' } });
  });

  it('a code used once cannot be used again, even by another pending sign-in', async () => {
    clock.advance(30_000);
    const used = code();
    expect((await codeStep(await passwordStep(), used)).statusCode).toBe(200);
    expect((await codeStep(await passwordStep(), used)).json()).toMatchObject({ error: { code: 'auth/invalid-code' } });
  });

  it("accepts a code one step old (the phone's clock behind), not two", async () => {
    clock.advance(90_000);
    expect((await codeStep(await passwordStep(), code(-2))).statusCode).toBe(401);
    expect((await codeStep(await passwordStep(), code(-1))).statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    const recovery = recoveryCodes[0]!.toUpperCase();
    expect((await codeStep(await passwordStep(), recovery)).statusCode).toBe(200);
    expect((await codeStep(await passwordStep(), recovery)).json()).toMatchObject({
      error: { code: 'auth/invalid-code' },
    });
    expect((await t.asAdmin({ url: '/api/admin/account/two-factor' })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('no pending sign-in, or an expired one, is refused with code-expired and no session', async () => {
    clock.advance(30_000);
    expect((await codeStep(undefined, code())).json()).toMatchObject({ error: { code: 'auth/code-expired' } });
    const pending = await passwordStep();
    await t.db
      .updateTable('pending_sign_ins')
      .set({ expires_at: new Date(clock.now().getTime() - 1000).toISOString() })
      .execute();
    const late = await codeStep(pending, code());
    expect(late.json()).toMatchObject({ error: { code: 'auth/code-expired' } });
    expect(cookieOf(late, 'orbit_session')).toBeUndefined();
  });

  it('codes are throttled by the same per-account limit as passwords, right code or not', async () => {
    clock.advance(30_000);
    const pending = await passwordStep();
    for (let i = 0; i < 4; i++) expect((await codeStep(pending, '000000')).statusCode).toBe(401);
    const blocked = await codeStep(pending, code());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const failed = await t.db.selectFrom('audit_log').select('subject').where('kind', '=', 'sign-in-failed').execute();
    expect(failed.filter((e) => e.subject === `${ADMIN_EMAIL} (wrong code)`).length).toBeGreaterThanOrEqual(4);
  });
});

describe('the site-wide rule and turning it off', () => {
  it('only an owner may require two-factor of everyone; it is recorded', async () => {
    await t.app.services.users.create(COMMAND_LINE_ACTOR, 'editor@test.np', 'editor-password-1', { role: 'editor' });
    const editor = await t.anonymous({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'editor@test.np', password: 'editor-password-1' },
    });
    const editorCookie = `orbit_session=${cookieOf(editor, 'orbit_session')}`;
    const refused = await t.anonymous({
      method: 'PUT',
      url: '/api/admin/two-factor-required',
      headers: { cookie: editorCookie },
      payload: { required: true },
    });
    expect(refused.statusCode).toBe(403);
    const ok = await t.asAdmin({ method: 'PUT', url: '/api/admin/two-factor-required', payload: { required: true } });
    expect(ok.json()).toEqual({ required: true });
    expect((await t.asAdmin({ url: '/api/admin/account/two-factor' })).json()).toMatchObject({ required: true });
    expect((await auditKinds()).map((e) => e.subject)).toContain('Required for every account');

    // The editor has not turned it on: only their own account's routes answer until they have.
    const blocked = await t.anonymous({ url: '/api/admin/inquiries', headers: { cookie: editorCookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'two-factor/required' } });
    const own = await t.anonymous({ url: '/api/admin/account/two-factor', headers: { cookie: editorCookie } });
    expect(own.json()).toMatchObject({ enabled: false, required: true });
    // The owner has it on, and the staff list says who has.
    const staff = await t.asAdmin({ url: '/api/admin/staff' });
    expect(staff.statusCode).toBe(200);
    const onOf = (email: string) =>
      staff.json<{ accounts: { email: string; twoFactorOn: boolean }[] }>().accounts.find((a) => a.email === email)
        ?.twoFactorOn;
    expect([onOf(ADMIN_EMAIL), onOf('editor@test.np')]).toEqual([true, false]);
  });

  it('a set-up begun and not confirmed is shown again until it is confirmed or cancelled', async () => {
    await t.app.services.users.create(COMMAND_LINE_ACTOR, 'pending@test.np', 'pending-password-1', { role: 'editor' });
    const session = await t.app.services.auth.login('pending@test.np', 'pending-password-1', {
      address: '127.0.0.1',
      userAgent: 'test',
    });
    if (!('userToken' in session)) throw new Error('expected a session');
    const me = staffActor(session, false, '127.0.0.1');
    const twoFactor = t.app.services.twoFactor;
    expect(await twoFactor.pendingSetup(me)).toBeNull();
    const begun = await twoFactor.begin(me);
    expect(await twoFactor.pendingSetup(me)).toEqual(begun);
    await twoFactor.cancelSetup(me);
    expect(await twoFactor.pendingSetup(me)).toBeNull();
    await expect(twoFactor.confirm(me, '123456')).rejects.toMatchObject({ code: 'two-factor/not-started' });
  });

  it('turning off needs the password or a code, and is recorded', async () => {
    const wrong = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/account/two-factor/disable',
      payload: { proof: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'two-factor/wrong-proof' } });
    const off = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/account/two-factor/disable',
      payload: { proof: ADMIN_PASSWORD },
    });
    expect(off.statusCode).toBe(204);
    expect((await auditKinds()).map((e) => e.subject)).toContain(`${ADMIN_EMAIL}: turned off`);
    expect(await t.db.selectFrom('recovery_codes').selectAll().execute()).toHaveLength(0);
    expect((await login()).json()).toHaveProperty('userToken');
  });

  it('the command line turns it off for a locked-out person, recorded as the command line', async () => {
    const setup = await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/setup' });
    secret = setup.json<{ secret: string }>().secret.replaceAll(' ', '');
    clock.advance(30_000);
    await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/confirm', payload: { code: code() } });
    expect(await t.app.services.twoFactor.resetByEmail(COMMAND_LINE_ACTOR, ADMIN_EMAIL.toUpperCase())).toEqual({
      wasOn: true,
    });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_name', 'subject'])
      .where('kind', '=', 'two-factor-changed')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_name: 'command line', subject: `${ADMIN_EMAIL}: turned off from the command line` });
    await expect(t.app.services.twoFactor.resetByEmail(COMMAND_LINE_ACTOR, 'nobody@test.np')).rejects.toThrow(
      'No admin with e-mail',
    );
  });
});
