import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPLICATION_FILE_LIMITS } from '#common/admission/application.ts';
import { badRequest } from '../errors.ts';
import { asBytes } from './fetch-bridge.ts';

/** Largest body a page form without files may send (the JSON API has the same limit). */
export const PAGE_FORM_MAX_BYTES = 1024 * 1024;

const nulError = () => badRequest('validation', 'The form contains a NUL character, which no text may hold.');

/**
 * Whether a URL-encoded form holds a NUL character: as `%00` (a literal `%` is always sent as `%25`, so
 * `%00` can only mean NUL) or as a raw 0 byte. One pass over the bytes, so the cost is bounded by the
 * body limit whatever the body holds.
 */
export function urlEncodedHasNul(body: Buffer): boolean {
  if (body.includes(0)) return true;
  for (let at = body.indexOf(0x25); at !== -1 && at + 2 < body.length; at = body.indexOf(0x25, at + 1)) {
    if (body[at + 1] === 0x30 && body[at + 2] === 0x30) return true;
  }
  return false;
}

/** A multipart body read into a form once; refused when it is not valid multipart data. */
export async function readMultipart(body: Buffer, contentType: string): Promise<FormData> {
  try {
    return await new Response(asBytes(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('validation', 'The form could not be read: it is not valid multipart data.');
  }
}

/** Whether a multipart form's text fields (not its files, which are binary) hold a NUL character. */
export function formHasNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) return true;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A page's multipart form as the body parser read it, handed to the action (LoadContext.readForm). */
    postedForm?: FormData;
  }
}

/**
 * The form a page's action was posted: a multipart form is read once, by the body parser (which had to read it
 * to look for NUL characters and to refuse one that is not multipart data), and that reading is the action's;
 * reading its megabytes a second time cost an application's post a quarter of its time on the server's one thread.
 */
export const postedForm = (request: Pick<FastifyRequest, 'postedForm'>, fetchRequest: Request): Promise<FormData> =>
  request.postedForm ? Promise.resolve(request.postedForm) : fetchRequest.formData();

/**
 * Page routes (React Router actions) receive their body as bytes read by Fastify, within a limit that
 * is checked against Content-Length before anything is read (413): a page form costs what its bytes
 * cost, and is parsed once (a multipart form here, read by its action through `postedForm`). Multipart
 * forms may carry files up to the upload limit or, if larger, what one online application may carry (its
 * photo and documents, APPLICATION_FILE_LIMITS.postBytes); a URL-encoded form 1 MB. Only these two encodings
 * are read: the page gate refuses any other before this (server/pages/page-gate.ts), and without a parser for
 * it Fastify would refuse it too (415).
 */
export function registerFormBodyParsers(pages: FastifyInstance, uploadMaxBytes: number): void {
  pages.removeAllContentTypeParsers();
  pages.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: PAGE_FORM_MAX_BYTES },
    (_request, body, done) => {
      if (urlEncodedHasNul(body as Buffer)) done(nulError(), undefined);
      else done(null, body);
    },
  );
  pages.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: Math.max(uploadMaxBytes, APPLICATION_FILE_LIMITS.postBytes) + PAGE_FORM_MAX_BYTES },
    async (request: FastifyRequest, body: Buffer) => {
      const form = await readMultipart(body, String(request.headers['content-type']));
      if (formHasNul(form)) throw nulError();
      request.postedForm = form;
      return body;
    },
  );
}
