import type { HeadersFunction } from 'react-router';

/**
 * A page's `headers`. React Router answers a page (and its form's post, with or without JavaScript) with the
 * headers its route's `headers` returns, and keeps only the cookies of what the action returned: a refusal's
 * Retry-After (a 429 of a limit, a busy database's 503) would be lost. It is passed on here. `own` are the
 * page's own headers; without them, the parent routes' are kept, as with no `headers` at all.
 */
export const pageHeaders =
  (own?: Record<string, string>): HeadersFunction =>
  ({ parentHeaders, actionHeaders, loaderHeaders }) => {
    const headers = new Headers(own ?? parentHeaders);
    const retryAfter = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After');
    if (retryAfter) headers.set('Retry-After', retryAfter);
    return headers;
  };
