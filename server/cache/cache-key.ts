import { PUBLIC_QUERY_PARAMETERS } from '#common/public-pages.ts';

const KEPT = new Set(PUBLIC_QUERY_PARAMETERS);

/** Under /admin or /api/admin: never cached, never kept by another cache. */
export const isAdminAddress = (url: string) => url.startsWith('/admin') || url.startsWith('/api/admin');

/**
 * An answer that is the same for every visitor: it says `Cache-Control: public`, sets no cookie and is not
 * part of the admin. The render cache keeps only such answers; the security headers leave them out of
 * opener isolation.
 */
export function isSameForEveryone(
  url: string,
  reply: { getHeader(name: string): unknown; hasHeader(name: string): boolean },
): boolean {
  return (
    /\bpublic\b/u.test(String(reply.getHeader('cache-control') ?? '')) &&
    !reply.hasHeader('set-cookie') &&
    !isAdminAddress(url)
  );
}

/**
 * React Router's own requests, made by the admin's runtime: the route manifest (`/__manifest?paths=…&version=…`)
 * and a route's data (`/admin/notice.data?_routes=…`). Their query is what they ask for: without `version`
 * the manifest answers "reload the document", so every link to a page not yet discovered would reload it.
 * They are not pages: never cached, and served as they came.
 */
export function isRouterAddress(url: string): boolean {
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  return path === '/__manifest' || path.endsWith('.data');
}

/**
 * The render cache's key for a request address: the path and only the query parameters that pages and
 * the public API read, in their order. Everything else (Facebook's fbclid and the utm_ tags on a shared
 * link, a script's random `?x=<n>` meant to miss the cache) makes no other page, so it makes no other
 * entry: left in the key, every click on a shared link, and every request of such a script, would be a
 * fresh render and compression on results day, and would push the real pages out of the store.
 */
export function cacheKey(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (KEPT.has(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.slice(0, question)}?${query}` : url.slice(0, question);
}

/**
 * The address a page is rendered from. Outside the admin it is the cache key, so a cached page can only
 * depend on what its key holds: a page that echoed an ignored parameter (the language link keeps the
 * query) would otherwise carry one visitor's `?fbclid=…`, or anything a script put there, to everyone
 * served from that entry. The admin, never cached, sees its address as it came.
 */
export function renderedAddress(url: string): string {
  return isAdminAddress(url) || isRouterAddress(url) ? url : cacheKey(url);
}
