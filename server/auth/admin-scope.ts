import { notFound, unauthorized } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';
import { currentAdmin } from './auth-plugin.ts';

/**
 * Every route registered through this scope requires a signed-in admin: a new admin route cannot
 * forget the check, because the check belongs to the scope, not to the route.
 */
export function adminScope(plugins: ApiPlugin[]): ApiPlugin {
  return async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!(await currentAdmin(request))) throw unauthorized();
    });
    for (const plugin of plugins) await scope.register(plugin);
    // Unknown admin paths need a session too: a signed-out client learns nothing about which exist.
    scope.all('/*', { schema: { hide: true } }, async () => {
      throw notFound('admin route');
    });
  };
}
