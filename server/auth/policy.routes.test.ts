import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Action, type Asker, POLICY, decide } from '#common/policy.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';

const EDITOR = { email: 'clerk@test.np', password: 'clerk-password-long' };

let t: AdminTestApp;
let editorCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  await t.app.services.users.create(COMMAND_LINE_ACTOR, EDITOR.email, EDITOR.password, {
    role: 'editor',
    name: 'Clerk',
  });
  const res = await t.anonymous({ method: 'POST', url: '/api/auth/login', payload: EDITOR });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ role: 'editor', name: 'Clerk' });
  editorCookie = `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')!.value}`;
}, 120_000);
afterAll(() => t.close());

/** Every route under /api/admin with the action it declares, read from the OpenAPI description. */
function adminRoutes(): { method: string; url: string; action: Action }[] {
  const paths = (t.app.swagger() as { paths?: Record<string, Record<string, { 'x-action'?: Action }>> }).paths ?? {};
  return Object.entries(paths)
    .filter(([url]) => url.startsWith('/api/admin/'))
    .flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: url.replace(/\{[^}]+\}/gu, 'x'),
        action: op['x-action']!,
      })),
    );
}

const call = (route: { method: string; url: string }, cookie: string | null) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

/** Checks every admin route's answer for one asker against the policy table. */
async function expectPolicyAnswers(asker: Asker | null, cookie: string | null) {
  for (const route of adminRoutes()) {
    const res = await call(route, cookie);
    const label = `${route.method} ${route.url} (${route.action}) as ${JSON.stringify(asker)}`;
    const decision = decide(asker, route.action);
    if (decision === 'allowed') {
      expect([401, 403], label).not.toContain(res.statusCode);
      expect(res.statusCode, label).toBeLessThan(500);
    } else if (decision === 'signed-out') {
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toMatchObject({ error: { code: 'auth/unauthenticated' } });
    } else {
      expect(res.statusCode, label).toBe(403);
      const code = decision === 'forbidden' ? 'auth/forbidden' : 'two-factor/required';
      expect(res.json(), label).toMatchObject({ error: { code } });
    }
  }
}

describe('the policy on the admin API', () => {
  it('every admin route declares an action of the policy, with its roles in the description', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) expect(Object.keys(POLICY), `${r.method} ${r.url}`).toContain(r.action);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/audit', action: 'audit.read' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/notices', action: 'notices.edit' });
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/admin/calendar/x', action: 'calendar.edit' });
    const op = (t.app.swagger() as { paths: Record<string, Record<string, { 'x-roles'?: unknown }>> }).paths[
      '/api/admin/audit'
    ]!.get!;
    expect(op['x-roles']).toEqual(['owner']);
  });

  it('answers nobody signed in, an editor and an owner as the policy table says, on every route', async () => {
    await expectPolicyAnswers(null, null);
    await expectPolicyAnswers({ role: 'editor', twoFactorPending: false }, editorCookie);
    await expectPolicyAnswers({ role: 'owner', twoFactorPending: false }, t.cookie);
  });

  it('a refused editor request changes nothing and leaves no audit entry', async () => {
    const before = await t.db.selectFrom('audit_log').selectAll().execute();
    const res = await call({ method: 'GET', url: '/api/admin/audit' }, editorCookie);
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('audit_log').selectAll().execute()).toEqual(before);
  });

  it('a route registered without an action stops the server from starting', async () => {
    const { adminScope, UndeclaredActionError } = await import('./admin-scope.ts');
    const Fastify = (await import('fastify')).default;
    const app = Fastify();
    await expect(
      app.register(
        adminScope([
          async (scope) => {
            scope.get('/undeclared', async () => 'x');
          },
        ]),
      ),
    ).rejects.toBeInstanceOf(UndeclaredActionError);
    await app.close();
  });

  // Last: requiring two-factor sign-in leaves both accounts (neither has it on) waiting to turn it on.
  it('while two-factor sign-in is required and not on, answers owner and editor as the policy table says', async () => {
    await t.app.services.twoFactor.setRequired(COMMAND_LINE_ACTOR, true);
    await expectPolicyAnswers({ role: 'owner', twoFactorPending: true }, t.cookie);
    await expectPolicyAnswers({ role: 'editor', twoFactorPending: true }, editorCookie);
  });
});

describe('accounts made by the command line and ADMIN_EMAIL', () => {
  it('are owners', async () => {
    const row = await t.db.selectFrom('users').select('role').where('email', '=', 'admin@test.np').executeTakeFirst();
    expect(row?.role).toBe('owner');
  });
});
