import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAME_ORIGIN } from '#server/test-support/admin-session.ts';
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const owner = { name: 'Principal', email: 'Principal@Orbit.test', password: 'the first owner passphrase' };

it('a fresh install’s link creates the first owner once; no link is made once an account exists', async () => {
  const link = await t.services.staff.firstOwnerLink();
  expect(link).not.toBeNull();
  const token = link!.path.replace('/welcome/', '');
  const info = await t.app.inject({ method: 'GET', url: `/api/welcome/${token}` });
  expect(info.json()).toEqual({ purpose: 'first-owner', email: '', name: '' });

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/welcome/${token}`, headers: SAME_ORIGIN, payload });
  expect((await post({ ...owner, password: '123qweasdzxc' })).json().error.code).toBe('password/too-common');
  expect((await post({ ...owner, password: 'password1234' })).json().error.code).toBe('password/too-common');
  expect((await post(owner)).statusCode).toBe(204);
  expect((await post({ ...owner, email: 'second@orbit.test' })).statusCode).toBe(410);

  const users = await t.db.selectFrom('users').select(['email', 'role', 'name']).execute();
  expect(users).toEqual([{ email: 'principal@orbit.test', role: 'owner', name: 'Principal' }]);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    payload: { email: owner.email, password: owner.password },
  });
  expect(login.statusCode).toBe(200);
  const log = await t.db.selectFrom('audit_log').select(['kind', 'actor_name', 'subject']).execute();
  expect(log.map((e) => e.kind)).toEqual(expect.arrayContaining(['account-added', 'sign-in']));
  expect(JSON.stringify(log)).not.toContain(token);
  expect(await t.services.staff.firstOwnerLink()).toBeNull();
});

it('a first-owner link expires after 24 hours', async () => {
  const stored = await t.db.selectFrom('one_time_links').select(['created_at', 'expires_at']).execute();
  expect(stored).toHaveLength(1);
  for (const row of stored) expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(24 * 3_600_000);
});
