import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_SCRIPT_LOADER } from '#common/site-script-loader.ts';
import { isSameForEveryone } from './cache/cache-key.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The nonce that lets this response's inline scripts (React Router's hydration data) run; made only
     * when a page asks for it (server/load-context.ts `scriptNonce`), empty otherwise.
     */
    cspNonce: string;
  }
}

/** Origins the pages may frame: only the embeds the site actually uses (map, video), after a click. */
export function embedOrigins(urls: readonly string[]): string[] {
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
  /** The embed addresses the college has set (map, video): the pages may frame their origins only. */
  embedUrls?: () => Promise<readonly string[]>;
}

/** The public pages' one inline script, allowed by its hash (common/site-script-loader.ts). */
export const SITE_SCRIPT_LOADER_HASH = `'sha256-${createHash('sha256').update(SITE_SCRIPT_LOADER).digest('base64')}'`;

/**
 * The policy of an HTML page: `nonce` when the page writes inline scripts of its own (the admin's runtime),
 * else only the site script's loader may run inline.
 */
export function pageCsp(
  nonce: string | null,
  { siteUrl, assetOrigin }: SecurityHeaderOptions,
  frames: readonly string[] = [],
): string {
  const directives = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : `script-src 'self' ${SITE_SCRIPT_LOADER_HASH}`,
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

/*
 * An answer that is the same for every visitor (`isSameForEveryone`) holds nothing a window that opened it
 * could learn, so it is not isolated from its opener (Cross-Origin-Opener-Policy): isolating it made the
 * browser start a new renderer process for every arrival from another site, which cost a phone's first
 * visit a cold process (Lighthouse's blocking time on /gallery, 10 runs each: median 13 ms with the header,
 * 0 ms without). Every other answer (sign-in, the admin, a form with its token) keeps `same-origin`, and
 * reaching it severs any opener.
 */

/**
 * Every header this module puts on a response. A cached answer keeps them (made for its content version,
 * with no nonce), so the render cache can send a hit without running these hooks again.
 */
export const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
  'strict-transport-security',
] as const;

/** Security headers on every response; a page's CSP carries the request's nonce if the page uses it. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const https = options.siteUrl.startsWith('https://');
  app.decorateRequest('cspNonce', '');
  // The embeds follow the stored content (read once per content version); if it cannot be read, the
  // last origins known stay allowed rather than failing the page.
  let lastFrames: string[] = [];
  const frameOrigins = async (request: FastifyRequest): Promise<string[]> => {
    if (!options.embedUrls) return [];
    try {
      lastFrames = embedOrigins(await options.embedUrls());
    } catch (err) {
      request.log.warn({ err }, 'embed addresses unreadable; the page keeps the last known frame origins');
    }
    return lastFrames;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // A file served with a policy of its own (a PDF in a sandbox) keeps it.
    const own = reply.getHeader('content-security-policy');
    // A 304 carries no body and no type: a browser updates the copy it keeps with its headers, so a
    // policy on it would replace the page's own (the API's 'none' there left a revisited page unstyled).
    if (reply.statusCode !== 304) {
      reply.header(
        'content-security-policy',
        type.startsWith('text/html')
          ? pageCsp(request.cspNonce || null, options, await frameOrigins(request))
          : typeof own === 'string'
            ? own
            : API_CSP,
      );
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    if (!isSameForEveryone(request.url, reply)) reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
