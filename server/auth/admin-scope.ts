import { type Role, roleAllows } from '#common/roles.ts';
import { forbidden, notFound, unauthorized } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';
import { currentAdmin } from './auth-plugin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role an admin route needs (`config: { role: 'editor' }`); every admin route declares one. */
    role?: Role;
  }
}

/** A route registered in adminScope without `config.role`: refused when the server starts. */
export class UndeclaredRoleError extends Error {
  override name = 'UndeclaredRoleError';
}

/**
 * Every route registered through this scope requires a signed-in admin whose role allows what the route
 * declares (`config: { role }`): a new admin route cannot forget either check, because the checks belong
 * to the scope, not to the route, and a route without a declared role stops the server at start-up.
 * The role is also written into the OpenAPI description (`x-role`), so clients and tests can read it.
 */
export function adminScope(plugins: ApiPlugin[]): ApiPlugin {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const role = route.config?.role;
      if (!role) throw new UndeclaredRoleError(`Admin route ${route.method} ${route.url} declares no role`);
      route.schema = { ...route.schema, 'x-role': role } as typeof route.schema;
    });
    scope.addHook('onRequest', async (request) => {
      const admin = await currentAdmin(request);
      if (!admin) throw unauthorized();
      if (!roleAllows(admin.role, request.routeOptions.config.role ?? 'owner')) throw forbidden('auth/forbidden');
      // While two-factor sign-in is required and not on, only the person's own account (to turn it on) is open.
      const ownAccount = request.routeOptions.url?.startsWith('/api/admin/account') ?? false;
      if (!ownAccount && (await scope.services.twoFactor.mustSetUp(admin.userId))) {
        throw forbidden('two-factor/required');
      }
    });
    for (const plugin of plugins) await scope.register(plugin);
    // Unknown admin paths need a session too: a signed-out client learns nothing about which exist.
    scope.all('/*', { schema: { hide: true }, config: { role: 'editor' } }, async () => {
      throw notFound('admin route');
    });
  };
}
