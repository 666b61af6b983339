import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must come from our own pages: its Origin matches this site (the configured
 * SITE_URL or the host it was sent to), or, without an Origin, the browser says `Sec-Fetch-Site: same-origin`.
 */
export function isSameOriginRequest(request: FastifyRequest, siteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin) {
    const own = `${request.protocol}://${request.host}`;
    return origin === own || origin === new URL(siteUrl).origin;
  }
  return request.headers['sec-fetch-site'] === 'same-origin';
}
