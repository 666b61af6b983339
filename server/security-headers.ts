import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { links } from '#content/college.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce that lets our own inline scripts (React Router's hydration data) run. */
    cspNonce: string;
  }
}

/** Origins the pages may frame: only the embeds the site actually uses (map, video), after a click. */
export function embedOrigins(urls: readonly string[] = [links.mapEmbed, links.videoEmbed]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith('https://')) continue;
    const origin = new URL(url).origin;
    origins.add(origin);
    // Google's classic map embed answers from www.google.com.
    if (origin === 'https://maps.google.com') origins.add('https://www.google.com');
  }
  return [...origins];
}

export interface SecurityHeaderOptions {
  siteUrl: string;
  /** Extra image origin (a CDN or public bucket) when images are not served by the app itself. */
  assetOrigin?: string | undefined;
}

export function pageCsp(nonce: string, { siteUrl, assetOrigin }: SecurityHeaderOptions): string {
  const frames = embedOrigins();
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React-toastify injects its stylesheet at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${assetOrigin ? ` ${assetOrigin}` : ''}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (siteUrl.startsWith('https://')) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response; the page CSP carries the request's nonce. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const https = options.siteUrl.startsWith('https://');
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header(
      'content-security-policy',
      type.startsWith('text/html') ? pageCsp(request.cspNonce, options) : API_CSP,
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
