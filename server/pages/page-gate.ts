import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppError, badRequest, refusal } from '../errors.ts';
import { originForm } from './fetch-bridge.ts';

/** What a page takes: its view (GET, and HEAD for its headers) and its form (POST, to the page's action). */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** The two encodings a browser's form (and React Router's fetcher) sends, the only ones an action reads. */
export const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

const ALLOW = PAGE_METHODS.join(', ');

/** The media type of a Content-Type header, without its parameters, in lower case ('' when there is none). */
export const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType?.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Why a page refuses this request before reading its body, or null when it may go on: a method no page
 * takes (405; React Router would run an action for PUT, PATCH or DELETE, and cannot even make a Request
 * of TRACE), an address that names no page (400: `GET *`), or a form post in another encoding than a
 * form's (415; React Router's `formData()` throws on it and the action fails with a 500).
 */
export function pageRequestRefusal(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): AppError | null {
  if (!(PAGE_METHODS as readonly string[]).includes(request.method)) {
    return refusal('method-not-allowed', undefined, { allow: ALLOW });
  }
  if (originForm(request.url) === null) {
    return badRequest('bad-request', 'The address of this request names no page.');
  }
  const mediaType = mediaTypeOf(request.headers['content-type']);
  if (request.method === 'POST' && !(FORM_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
    return refusal(
      'unsupported-media-type',
      'A page takes only what its form sends (application/x-www-form-urlencoded or multipart/form-data). Nothing was saved.',
      { 'accept-post': FORM_MEDIA_TYPES.join(', ') },
    );
  }
  return null;
}

/**
 * Refuses, as soon as its headers have arrived, a page request no page can take (see pageRequestRefusal).
 * Registered in the pages' own scope, after the auth plugin's onRequest hook, which decides first whether a
 * signed-out visitor may be on an admin page at all (server/auth/auth-plugin.ts).
 */
export function registerPageGate(pages: FastifyInstance): void {
  pages.addHook('onRequest', async (request) => {
    const refusal = pageRequestRefusal(request);
    if (refusal) throw refusal;
  });
}
