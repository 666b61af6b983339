import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { type Action, POLICY } from '#common/policy.ts';
import { notFound } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';
import { currentActor, refusalFor } from './actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an admin route does, in the policy's words (`config: { action: 'notices.edit' }`); every admin route declares one. */
    action?: Action;
  }
}

/** A route registered in adminScope without `config.action`: refused when the server starts. */
export class UndeclaredActionError extends Error {
  override name = 'UndeclaredActionError';
}

async function allowedOrThrow(request: FastifyRequest, action: Action): Promise<void> {
  const refused = refusalFor(await currentActor(request), action);
  if (refused) throw refused;
}

/**
 * An onRequest hook for a route outside the admin scope that the policy answers all the same (GET /api/docs):
 * 401 signed out, 403 for a role the policy does not list.
 */
export const requireAction =
  (action: Action): onRequestAsyncHookHandler =>
  (request) =>
    allowedOrThrow(request, action);

/**
 * Every route registered through this scope declares its action (`config: { action }`) and is answered
 * by the policy (common/policy.ts) before its handler runs: 401 signed out, 403 for a role the policy does
 * not list or while two-factor sign-in must still be turned on. A new admin route cannot forget the check,
 * because it belongs to the scope, and a route without an action stops the server at start-up. The action
 * and the roles allowed are written into the OpenAPI description (`x-action`, `x-roles`).
 */
export function adminScope(plugins: ApiPlugin[]): ApiPlugin {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      const action = route.config?.action;
      if (!action || !Object.hasOwn(POLICY, action)) {
        throw new UndeclaredActionError(`Admin route ${route.method} ${route.url} declares no action of the policy`);
      }
      route.schema = { ...route.schema, 'x-action': action, 'x-roles': POLICY[action].roles } as typeof route.schema;
    });
    scope.addHook('onRequest', async (request) => {
      await allowedOrThrow(request, request.routeOptions.config.action ?? 'staff.manage');
    });
    for (const plugin of plugins) await scope.register(plugin);
    // Unknown admin paths need a session too: a signed-out client learns nothing about which exist.
    scope.all('/*', { schema: { hide: true }, config: { action: 'admin.enter' } }, async () => {
      throw notFound('admin route');
    });
  };
}
