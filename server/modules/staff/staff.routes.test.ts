import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTestApp,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SAME_ORIGIN,
  createAdminTestApp,
} from '#server/test-support/admin-session.ts';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '#common/accounts/password-rules.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';

const clock = new ManualClock();
let t: AdminTestApp;

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
}, 120_000);
afterAll(() => t.close());

const PASSWORD = 'a brand new passphrase';

const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('at').execute();

async function signIn(email: string, password: string, userAgent = 'curl/8.5.0') {
  const res = await t.anonymous({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  const session = res.cookies.find((c) => c.name === 'orbit_session');
  return { res, cookie: session ? `orbit_session=${session.value}` : '' };
}

const sessionOf = (cookie: string) => t.anonymous({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

async function addPerson(email: string, role: 'owner' | 'editor' = 'editor') {
  const res = await t.asAdmin({
    method: 'POST',
    url: '/api/admin/staff',
    payload: { name: `Person ${email}`, email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, link } = res.json() as { id: string; link: { path: string; expiresAt: string } };
  return { id, token: link.path.replace('/welcome/', ''), link };
}

const useLink = (token: string, password: string) =>
  t.anonymous({ method: 'POST', url: `/api/welcome/${token}`, payload: { password } });

describe('staff accounts and one-time links', () => {
  it('adds a person whose link sets their password once; the link is valid 72 hours and only its hash is stored', async () => {
    const before = clock.now().getTime();
    const { token, link } = await addPerson('clerk@test.np');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(Date.parse(link.expiresAt) - before).toBe(72 * 3_600_000);
    const stored = await t.db.selectFrom('one_time_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const info = await t.anonymous({ method: 'GET', url: `/api/welcome/${token}` });
    expect(info.json()).toEqual({ purpose: 'welcome', email: 'clerk@test.np', name: 'Person clerk@test.np' });
    // Nobody can sign in before the password is set.
    expect((await signIn('clerk@test.np', PASSWORD)).res.statusCode).toBe(401);

    const short = await useLink(token, 'short-one');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({ code: 'validation', message: PASSWORD_TOO_SHORT });
    const common = await useLink(token, '1qaz2wsx3edc');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('password/too-common');
    // Common in any case.
    expect((await useLink(token, 'Q1W2E3R4T5Y6')).json().error.code).toBe('password/too-common');
    // Common with digits added, and one with symbols added to a common one.
    for (const password of ['password1234', 'Password2025!']) {
      const refused = await useLink(token, password);
      expect(refused.json().error, password).toEqual({ code: 'password/too-common', message: PASSWORD_TOO_COMMON });
    }

    expect((await useLink(token, PASSWORD)).statusCode).toBe(204);
    const { res } = await signIn('clerk@test.np', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'editor', name: 'Person clerk@test.np' });

    const again = await useLink(token, 'another long passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('link/invalid');
    expect((await t.anonymous({ method: 'GET', url: `/api/welcome/${token}` })).statusCode).toBe(410);

    const log = await auditRows();
    expect(log.map((e) => e.kind)).toEqual(expect.arrayContaining(['account-added', 'password-changed']));
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });

  it('an expired link cannot be used', async () => {
    const { token } = await addPerson('late@test.np');
    clock.advance(72 * 3_600_000 + 60_000);
    const res = await useLink(token, PASSWORD);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('link/invalid');
    // The staff list no longer shows a usable link for them.
    const list = await t.asAdmin({ method: 'GET', url: '/api/admin/staff' });
    expect(list.json().accounts.find((a: { email: string }) => a.email === 'late@test.np').linkExpiresAt).toBeNull();
  });

  it('a reset voids the old password and links and ends the sessions; the new link works', async () => {
    const { id, token: unused } = await addPerson('reset@test.np');
    const reset1 = await t.asAdmin({ method: 'POST', url: `/api/admin/staff/${id}/reset` });
    const first = reset1.json().path.replace('/welcome/', '');
    expect((await useLink(unused, PASSWORD)).statusCode).toBe(410);
    expect((await useLink(first, PASSWORD)).statusCode).toBe(204);
    const { cookie } = await signIn('reset@test.np', PASSWORD);
    expect((await sessionOf(cookie)).statusCode).toBe(200);

    const reset2 = await t.asAdmin({ method: 'POST', url: `/api/admin/staff/${id}/reset` });
    expect(reset2.statusCode).toBe(200);
    expect((await sessionOf(cookie)).statusCode).toBe(401);
    expect((await signIn('reset@test.np', PASSWORD)).res.statusCode).toBe(401);
    expect((await useLink(first, 'yet another passphrase')).statusCode).toBe(410);
    const second = reset2.json().path.replace('/welcome/', '');
    expect((await useLink(second, 'yet another passphrase')).statusCode).toBe(204);
    expect((await signIn('reset@test.np', 'yet another passphrase')).res.statusCode).toBe(200);
  });

  it('disabling ends the sessions at once; a disabled account gets exactly the wrong-password answer', async () => {
    const { id, token } = await addPerson('leaver@test.np');
    await useLink(token, PASSWORD);
    const { cookie } = await signIn('leaver@test.np', PASSWORD);
    const write = await t.anonymous({ method: 'GET', url: '/api/admin/inquiries', headers: { cookie } });
    expect(write.statusCode).toBe(200);

    const off = await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${id}/disabled`, payload: { disabled: true } });
    expect(off.statusCode).toBe(204);
    expect((await t.anonymous({ method: 'GET', url: '/api/admin/inquiries', headers: { cookie } })).statusCode).toBe(
      401,
    );

    const disabled = await signIn('leaver@test.np', PASSWORD);
    const wrong = await signIn('leaver@test.np', 'not the password at all');
    expect(disabled.res.statusCode).toBe(401);
    expect(disabled.res.json()).toEqual(wrong.res.json());

    expect(
      (await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${id}/disabled`, payload: { disabled: false } }))
        .statusCode,
    ).toBe(204);
    expect((await signIn('leaver@test.np', PASSWORD)).res.statusCode).toBe(200);
  });

  it('a disabled account gets no new link (staff/disabled) and keeps none; once enabled, a reset makes one', async () => {
    const { id, token } = await addPerson('away@test.np');
    await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${id}/disabled`, payload: { disabled: true } });
    const before = await auditRows();
    const refused = await t.asAdmin({ method: 'POST', url: `/api/admin/staff/${id}/reset` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'staff/disabled',
      message: 'This account is disabled. Enable it before making a new link for it.',
    });
    expect(await auditRows()).toEqual(before);
    expect(await t.db.selectFrom('one_time_links').select('id').where('user_id', '=', id).execute()).toEqual([]);
    // The person opening the link they had is told only that it cannot be used.
    expect((await useLink(token, PASSWORD)).json().error.code).toBe('link/invalid');

    await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${id}/disabled`, payload: { disabled: false } });
    const reset = await t.asAdmin({ method: 'POST', url: `/api/admin/staff/${id}/reset` });
    expect(reset.statusCode).toBe(200);
    expect((await useLink(reset.json().path.replace('/welcome/', ''), PASSWORD)).statusCode).toBe(204);
  });

  it('the last owner who can sign in is neither demoted, disabled nor deleted; refusals leave no audit entry', async () => {
    const list = await t.asAdmin({ method: 'GET', url: '/api/admin/staff' });
    const me = list.json().accounts.find((a: { email: string }) => a.email === ADMIN_EMAIL);
    const before = await auditRows();
    const demote = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${me.id}/role`,
      payload: { role: 'editor' },
    });
    const disable = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${me.id}/disabled`,
      payload: { disabled: true },
    });
    const remove = await t.asAdmin({ method: 'DELETE', url: `/api/admin/staff/${me.id}` });
    for (const res of [demote, disable, remove]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'staff/last-owner',
        message: 'This is the only owner who can sign in. Make another account an owner first.',
      });
    }
    expect(await auditRows()).toEqual(before);

    // A disabled owner does not count: the rule is about owners who can sign in.
    const other = await addPerson('deputy@test.np', 'owner');
    await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${other.id}/disabled`, payload: { disabled: true } });
    expect(
      (await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${me.id}/role`, payload: { role: 'editor' } }))
        .statusCode,
    ).toBe(409);
    await t.asAdmin({ method: 'PUT', url: `/api/admin/staff/${other.id}/disabled`, payload: { disabled: false } });

    // With a second owner, the other owner may be demoted and deleted.
    const role = await t.asAdmin({
      method: 'PUT',
      url: `/api/admin/staff/${other.id}/role`,
      payload: { role: 'editor' },
    });
    expect(role.statusCode).toBe(204);
    const del = await t.asAdmin({ method: 'DELETE', url: `/api/admin/staff/${other.id}` });
    expect(del.statusCode).toBe(204);
    const kinds = (await auditRows()).slice(before.length).map((e) => e.kind);
    expect(kinds).toEqual([
      'account-added',
      'account-disabled',
      'account-changed',
      'account-changed',
      'account-deleted',
    ]);
  });

  it('refuses a second account with the same e-mail, in any case', async () => {
    const res = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/staff',
      payload: { name: 'Again', email: 'CLERK@test.np', role: 'editor' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('staff/email-taken');
  });

  it('an editor gets 403 on every staff route', async () => {
    const { token } = await addPerson('typist@test.np');
    await useLink(token, PASSWORD);
    const { res: signedIn, cookie } = await signIn('typist@test.np', PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
    const before = await auditRows();
    for (const res of [
      await as('GET', '/api/admin/staff'),
      await as('POST', '/api/admin/staff', { name: 'X', email: 'x@test.np', role: 'owner' }),
      await as('PUT', '/api/admin/staff/x/role', { role: 'owner' }),
      await as('PUT', '/api/admin/staff/x/disabled', { disabled: true }),
      await as('POST', '/api/admin/staff/x/reset'),
      await as('DELETE', '/api/admin/staff/x'),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await auditRows()).toEqual(before);
  });
});

describe('your account', () => {
  it('changing your password needs the current one, ends your other sessions and keeps this one', async () => {
    const phone = await signIn(
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36',
    );
    const desk = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, 'Mozilla/5.0 (Windows NT 10.0) Firefox/131.0');
    const asDesk = (options: Parameters<AdminTestApp['anonymous']>[0]) =>
      t.anonymous({ ...options, headers: { cookie: desk.cookie } });

    const sessions = await asDesk({ method: 'GET', url: '/api/admin/account/sessions' });
    const devices = sessions.json().sessions.map((s: { device: string; current: boolean }) => [s.device, s.current]);
    expect(devices).toEqual(
      expect.arrayContaining([
        ['Firefox on Windows', true],
        ['Chrome on Android', false],
      ]),
    );

    const before = await auditRows();
    const wrong = await asDesk({
      method: 'PUT',
      url: '/api/admin/account/password',
      payload: { current: 'not my password', password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('password/wrong-current');
    const common = await asDesk({
      method: 'PUT',
      url: '/api/admin/account/password',
      payload: { current: ADMIN_PASSWORD, password: '123qweasdzxc' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.code).toBe('password/too-common');
    const withDigits = await asDesk({
      method: 'PUT',
      url: '/api/admin/account/password',
      payload: { current: ADMIN_PASSWORD, password: 'password1234' },
    });
    expect(withDigits.json().error).toEqual({ code: 'password/too-common', message: PASSWORD_TOO_COMMON });
    expect(await auditRows()).toEqual(before);

    const ok = await asDesk({
      method: 'PUT',
      url: '/api/admin/account/password',
      payload: { current: ADMIN_PASSWORD, password: PASSWORD },
    });
    expect(ok.statusCode).toBe(204);
    expect((await sessionOf(desk.cookie)).statusCode).toBe(200);
    expect((await sessionOf(phone.cookie)).statusCode).toBe(401);
    expect((await sessionOf(t.cookie)).statusCode).toBe(401);
    const after = (await auditRows()).slice(before.length);
    expect(after.map((e) => e.kind)).toEqual(['password-changed']);
    expect(JSON.stringify(after)).not.toContain(PASSWORD);
  });

  it('signs out everywhere else', async () => {
    const a = await signIn(ADMIN_EMAIL, PASSWORD);
    const b = await signIn(ADMIN_EMAIL, PASSWORD);
    const res = await t.anonymous({
      method: 'DELETE',
      url: '/api/admin/account/sessions/others',
      headers: { cookie: a.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(1);
    expect((await sessionOf(a.cookie)).statusCode).toBe(200);
    expect((await sessionOf(b.cookie)).statusCode).toBe(401);
    const last = (await auditRows()).at(-1);
    expect(last?.kind).toBe('sign-out');
  });
});
