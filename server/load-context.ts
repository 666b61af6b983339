import type { FastifyRequest } from 'fastify';
import { currentAdmin } from './auth/auth-plugin.ts';
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
  /** Nonce of this response's Content-Security-Policy, for the scripts React Router writes. */
  cspNonce: string;
  /** Signs in (same rules as POST /api/auth/login) and returns the Set-Cookie header value, for forms posted without JavaScript. */
  signIn: (email: string, password: string) => Promise<{ setCookie: string }>;
};

export function createGetLoadContext(services: AppServices, siteUrl: string) {
  return (request: Pick<FastifyRequest, 'ip' | 'cspNonce'>): LoadContext => ({
    services,
    siteUrl,
    clientIp: request.ip,
    currentAdmin: () => currentAdmin(request as FastifyRequest),
    cspNonce: request.cspNonce,
    async signIn(email, password) {
      const session = await services.auth.login(email, password, request.ip);
      const { cookie } = (request as FastifyRequest).server.authSettings;
      return {
        setCookie: (request as FastifyRequest).server.serializeCookie(cookie.name, session.secret, cookie.options),
      };
    },
  });
}
