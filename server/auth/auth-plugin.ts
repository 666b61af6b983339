import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '#server/errors.ts';
import type { AuthService, SignedIn } from '#server/modules/auth/index.ts';
import { originForm } from '#server/pages/fetch-bridge.ts';
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

/**
 * Whether a request is for an admin page, and which kind: its document, or its data (React Router's single
 * fetch asks for a page's loader or action data at the page's path plus `.data`, `/admin.data` for /admin).
 * The path is read as React Router matches it (the target as server/pages/fetch-bridge.ts hands it over, dot
 * segments resolved, percent-decoded, case ignored), so `/ADMIN`, `/x/../admin` or `http://host/admin` is an
 * admin page here as it is there; `.data` is read as React Router reads it.
 */
export function adminPageRequest(url: string): 'document' | 'data' | null {
  const target = originForm(url);
  if (target === null) return null;
  let pathname: string;
  try {
    pathname = new URL(`http://localhost${target}`).pathname;
  } catch {
    return null;
  }
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A stray % is matched as it stands.
  }
  path = path.toLowerCase();
  if (path !== '/admin' && path !== '/admin.data' && !path.startsWith('/admin/')) return null;
  return pathname.endsWith('.data') ? 'data' : 'document';
}

/**
 * Cookies, the same-origin rule for every state-changing request, and the server-side guard of admin
 * pages, decided here and only here before anything is rendered or read:
 * - a signed-out visitor's view of an admin document is redirected to /login (302);
 * - a form posted to an admin page without any session cookie is refused before its body is read: a
 *   document post is redirected to /login (303), a data post (a fetcher) answered 401, which the admin
 *   pages' error boundary shows as "signed out";
 * - a form posted with a session cookie goes on to the page's action even when that session has ended
 *   meanwhile: the action answers "session ended" and gives back what was typed (app/lib/admin/admin-guard.server.ts).
 * Data views (`.data` GETs) go on to the loaders, which redirect a signed-out visitor themselves.
 */
export async function registerAuth(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  await app.register(fastifyCookie);
  app.decorate('authSettings', options);
  app.addHook('onRequest', async (request, reply) => {
    if (!isSameOriginRequest(request, options.siteUrl)) {
      throw forbidden('auth/cross-origin', 'This request must come from the site itself.');
    }
    const adminPage = adminPageRequest(request.url);
    if (!adminPage) return;
    const isView = request.method === 'GET' || request.method === 'HEAD';
    if (isView && adminPage === 'document' && !(await currentAdmin(request))) {
      return reply.redirect('/login', 302);
    }
    if (request.method === 'POST' && !request.cookies[options.cookie.name]) {
      if (adminPage === 'data') throw unauthorized();
      return reply.redirect('/login', 303);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    authSettings: AuthPluginOptions;
  }
}
