import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '#server/errors.ts';
import type { AuthService, SignedIn } from '#server/modules/auth/auth.service.ts';
import { isSameOriginRequest } from './same-origin.ts';
import type { SessionCookieSettings } from './session-cookie.ts';

const resolved = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();

export interface AuthPluginOptions {
  auth: AuthService;
  cookie: SessionCookieSettings;
  siteUrl: string;
}

/** Who is signed in for this request (looked up once per request, only when asked). */
export function currentAdmin(request: FastifyRequest): Promise<SignedIn | null> {
  let found = resolved.get(request);
  if (!found) {
    const { auth, cookie } = request.server.authSettings;
    found = auth.authenticate(request.cookies[cookie.name]);
    resolved.set(request, found);
  }
  return found;
}

const isAdminDocument = (request: FastifyRequest) => {
  const path = request.url.split('?')[0] ?? '';
  return (path === '/admin' || path.startsWith('/admin/')) && !path.endsWith('.data');
};

/**
 * Cookies, the same-origin rule for every state-changing request, and the server-side guard of
 * /admin documents: a signed-out visitor is redirected before any admin HTML is rendered.
 */
export async function registerAuth(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  await app.register(fastifyCookie);
  app.decorate('authSettings', options);
  app.addHook('onRequest', async (request, reply) => {
    if (!isSameOriginRequest(request, options.siteUrl)) {
      throw forbidden('auth/cross-origin', 'This request must come from the site itself.');
    }
    if (request.method === 'GET' && isAdminDocument(request) && !(await currentAdmin(request))) {
      return reply.redirect('/login', 302);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authSettings: AuthPluginOptions;
  }
}
