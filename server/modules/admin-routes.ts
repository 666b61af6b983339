import type { ApiPlugin } from '#server/http.ts';

/**
 * Every admin API module, registered under /api/admin inside adminScope (server/auth/admin-scope.ts),
 * which requires a signed-in admin for all of them.
 */
export const adminRoutePlugins: ApiPlugin[] = [];
