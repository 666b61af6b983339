// Sign-in time through the real app on a fresh SQLite database (app.inject, no network): an account without
// two-factor (POST /api/auth/login) against one with it (the password step, then POST /api/auth/login/code
// with the authenticator's code), median of 20 each after one warm-up. The password check (scrypt,
// N = 2^17) dominates both; the code step adds one TOTP check and the session.
//   node --import tsx bench/sign-in.ts
// A figure to read, never a test: it does not fail on slowness.
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { totpCode } from '#server/modules/auth/index.ts';
import { median } from './lib/median.ts';

const RUNS = 20;
const clock = new ManualClock();
// Enough failures allowed that 40 sign-ins from one address never meet the limit.
const t = await createAdminTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' }, (s) => s, clock);
const post = (url: string, payload: Record<string, string>, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

try {
  const SECOND = 'second@test.np';
  await t.app.services.users.create(COMMAND_LINE_ACTOR, SECOND, ADMIN_PASSWORD);
  const setup = await t.asAdmin({ method: 'POST', url: '/api/admin/account/two-factor/setup' });
  const secret = setup.json<{ secret: string }>().secret.replaceAll(' ', '');
  await t.asAdmin({
    method: 'POST',
    url: '/api/admin/account/two-factor/confirm',
    payload: { code: totpCode(secret, clock.now().getTime()) },
  });

  const plain: number[] = [];
  const withCode: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    let started = performance.now();
    const res = await post('/api/auth/login', { email: SECOND, password: ADMIN_PASSWORD });
    if (res.statusCode !== 200) throw new Error(`Sign-in refused: ${res.statusCode} ${res.body}`);
    if (i > 0) plain.push(performance.now() - started);

    clock.advance(30_000); // a new step, as a person signing in again later would have
    started = performance.now();
    const first = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const pending = first.cookies.find((c) => c.name === 'orbit_pending_sign_in');
    const second = await post(
      '/api/auth/login/code',
      { code: totpCode(secret, clock.now().getTime()) },
      `orbit_pending_sign_in=${pending?.value}`,
    );
    if (second.statusCode !== 200) throw new Error(`Code refused: ${second.statusCode} ${second.body}`);
    if (i > 0) withCode.push(performance.now() - started);
  }
  console.log(`sign-in without two-factor: median ${Math.round(median(plain))} ms of ${RUNS}`);
  console.log(`sign-in with two-factor (password + code): median ${Math.round(median(withCode))} ms of ${RUNS}`);
} finally {
  await t.close();
}
