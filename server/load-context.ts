import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type StaffActor, currentActor } from './auth/actor.ts';
import { currentAdmin } from './auth/auth-plugin.ts';
import { pendingSignInCookie } from './auth/session-cookie.ts';
import type { SignedIn } from './modules/auth/auth.service.ts';
import type { AppServices } from './services.ts';

/** What React Router loaders and actions receive as `context`: the composed services and request facts. */
export type LoadContext = {
  services: AppServices;
  siteUrl: string;
  /** The client's address as Fastify sees it (honours TRUST_PROXY), for throttling form posts. */
  clientIp: string;
  /** The signed-in admin of this request, or null (looked up once, only when asked). */
  currentAdmin: () => Promise<SignedIn | null>;
  /** Who acts in this request (its staff account, role and two-factor state), or null; resolved once. */
  currentActor: () => Promise<StaffActor | null>;
  /**
   * The nonce for the scripts React Router writes into this response; asking for it puts it in the
   * response's Content-Security-Policy. A page that writes no inline script (every public page) never
   * asks, and its policy lets only the site's own script files run.
   */
  scriptNonce: () => string;
  /** Signs in (same rules as POST /api/auth/login) and returns the Set-Cookie header value, for forms posted without JavaScript. */
  signIn: (email: string, password: string) => Promise<{ setCookie: string; codeRequired: boolean }>;
  /** The second step of a two-factor sign-in, with this browser's pending sign-in cookie. */
  signInWithCode: (code: string) => Promise<{ setCookie: string[] }>;
};

export function createGetLoadContext(services: AppServices, siteUrl: string) {
  return (request: Pick<FastifyRequest, 'ip' | 'cspNonce'>): LoadContext => ({
    services,
    siteUrl,
    clientIp: request.ip,
    currentAdmin: () => currentAdmin(request as FastifyRequest),
    currentActor: () => currentActor(request as FastifyRequest),
    scriptNonce() {
      request.cspNonce ||= randomBytes(16).toString('base64');
      return request.cspNonce;
    },
    async signIn(email, password) {
      const result = await services.auth.login(email, password, request.ip);
      const { server } = request as FastifyRequest;
      const { cookie } = server.authSettings;
      if ('pendingSecret' in result) {
        const pending = pendingSignInCookie(cookie);
        return {
          setCookie: server.serializeCookie(pending.name, result.pendingSecret, pending.options),
          codeRequired: true,
        };
      }
      return { setCookie: server.serializeCookie(cookie.name, result.secret, cookie.options), codeRequired: false };
    },
    async signInWithCode(code) {
      const { server, cookies } = request as FastifyRequest;
      const { cookie } = server.authSettings;
      const pending = pendingSignInCookie(cookie);
      const session = await services.auth.completeSignIn(cookies[pending.name], code, request.ip);
      return {
        setCookie: [
          server.serializeCookie(pending.name, '', { ...pending.options, maxAge: 0 }),
          server.serializeCookie(cookie.name, session.secret, cookie.options),
        ],
      };
    },
  });
}
