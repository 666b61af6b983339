/**
 * What public pages and the public API say about caching: a browser revalidates every time (and gets a
 * 304 while nothing changed); a shared cache (a CDN) may keep the answer for a minute. The server's
 * render cache keeps exactly the answers that say `public` (server/cache/response-cache.ts).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** For answers made for one visitor (a form token, a session): no cache may keep them. */
export const PRIVATE_NO_STORE = 'private, no-store';
