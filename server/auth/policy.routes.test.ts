import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, ROLES } from '#common/roles.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';

const EDITOR = { email: 'clerk@test.np', password: 'clerk-password-long' };

let t: AdminTestApp;
let editorCookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  await t.app.services.users.create(EDITOR.email, EDITOR.password, { role: 'editor', name: 'Clerk' });
  const res = await t.anonymous({ method: 'POST', url: '/api/auth/login', payload: EDITOR });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ role: 'editor', name: 'Clerk' });
  editorCookie = `orbit_session=${res.cookies.find((c) => c.name === 'orbit_session')!.value}`;
}, 120_000);
afterAll(() => t.close());

/** Every route under /api/admin with the role it declares, read from the OpenAPI description. */
function adminRoutes(): { method: string; url: string; role: unknown }[] {
  const paths = (t.app.swagger() as { paths?: Record<string, Record<string, { 'x-role'?: unknown }>> }).paths ?? {};
  return Object.entries(paths)
    .filter(([url]) => url.startsWith('/api/admin/'))
    .flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: url.replace(/\{[^}]+\}/gu, 'x'),
        role: op['x-role'],
      })),
    );
}

const call = (route: { method: string; url: string }, cookie: string) =>
  t.app.inject({ method: route.method as 'GET', url: route.url, headers: { ...SAME_ORIGIN, cookie } });

describe('roles on the admin API', () => {
  it('every admin route declares owner or editor, and some of each exist', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) expect(ROLES, `${r.method} ${r.url}`).toContain(r.role);
    const roles = new Set(routes.map((r) => r.role as Role));
    expect(roles).toEqual(new Set(['owner', 'editor']));
    expect(routes).toContainEqual({ method: 'GET', url: '/api/admin/audit', role: 'owner' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/admin/notices', role: 'editor' });
  });

  it('an editor gets 403 auth/forbidden on every owner route and passes the role check on every editor route', async () => {
    for (const route of adminRoutes()) {
      const res = await call(route, editorCookie);
      const label = `${route.method} ${route.url} (${String(route.role)})`;
      if (route.role === 'owner') {
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toMatchObject({ error: { code: 'auth/forbidden' } });
      } else {
        expect([401, 403], label).not.toContain(res.statusCode);
      }
    }
  });

  it('an owner passes the role check on every route', async () => {
    for (const route of adminRoutes()) {
      const res = await call(route, t.cookie);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });

  it('a refused editor request changes nothing and leaves no audit entry', async () => {
    const before = await t.db.selectFrom('audit_log').selectAll().execute();
    const res = await call({ method: 'GET', url: '/api/admin/audit' }, editorCookie);
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('audit_log').selectAll().execute()).toEqual(before);
  });

  it('a route registered without a role stops the server from starting', async () => {
    const { adminScope, UndeclaredRoleError } = await import('./admin-scope.ts');
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
    ).rejects.toBeInstanceOf(UndeclaredRoleError);
    await app.close();
  });
});

describe('accounts made by the command line and ADMIN_EMAIL', () => {
  it('are owners', async () => {
    const row = await t.db.selectFrom('users').select('role').where('email', '=', 'admin@test.np').executeTakeFirst();
    expect(row?.role).toBe('owner');
  });
});
