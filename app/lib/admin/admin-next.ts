const SITE = 'http://site.invalid';

/**
 * The page to return to after signing in, when `next` names a page of this site: a path starting with a
 * single '/', which resolves to the same origin. Anything else (another site, `//host`, `/\host`, a scheme,
 * control characters) is ignored, so the login page cannot be made to send an admin elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/u.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that comes back to `here` (a path of this site) once the admin has signed in again. */
export function loginPath(here: string): string {
  const next = safeNextPath(here);
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}
