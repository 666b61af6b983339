import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { Readable } from 'node:stream';
import { type FastifyInstance, type FastifyRequest, errorCodes } from 'fastify';
import { APPLICATION_FILE_LIMITS } from '#common/admission/application.ts';
import { AppError, badRequest } from '../errors.ts';
import { REUSED_FROM_BYTES, createBodyBufferPool } from './body-buffers.ts';

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

const unreadable = () => badRequest('validation', 'The form could not be read: it is not valid multipart data.');

/** A part's name or file name as a browser escapes it in a multipart form (line breaks and quotes as %0A, %0D, %22). */
const partName = (escaped: string) => escaped.replace(/%0A/giu, '\n').replace(/%0D/giu, '\r').replace(/%22/gu, '"');

/**
 * A file of a form the body parser read, holding its bytes as parsed: a view of the body read into one buffer as
 * it arrived (feed below), or one copy when its parts were not side by side there. The runtime's File would copy
 * them into a Blob of its own, and its `arrayBuffer()` copy them again: in a rush of applications every copy of a
 * photo is megabytes the server's heap must collect, and V8 counts such memory towards its next full collection
 * (docs/performance.md: about 60 in a rush of 300). So `bytes()` answers the view itself (whoever reads a posted
 * file reads it, and none writes to it); `arrayBuffer()`, which must be the file's bytes alone, the view's buffer
 * when it holds nothing else, else a copy. The runtime's own Blob beneath holds nothing: structuredClone (or
 * postMessage) of a posted file would give an empty one, so a file is handed to another thread or process as its
 * bytes.
 */
class PostedFile extends File {
  readonly #held: Uint8Array<ArrayBuffer>;
  readonly #body: BodyState;

  constructor(bytes: Uint8Array<ArrayBuffer>, name: string, type: string, body: BodyState) {
    super([], name, { type });
    this.#held = bytes;
    this.#body = body;
  }

  /** The file's bytes, while its form's body is still the form's (`doneWithForm`). */
  get #bytes(): Uint8Array<ArrayBuffer> {
    if (this.#body.givenBack) throw new Error('A posted file was read after its form was done with.');
    return this.#held;
  }

  override get size(): number {
    return this.#held.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    const alone = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return Promise.resolve(alone ? bytes.buffer : bytes.slice().buffer);
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return Promise.resolve(this.#bytes);
  }

  override text(): Promise<string> {
    return Promise.resolve(new TextDecoder().decode(this.#bytes));
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new Blob([this.#bytes]).stream();
  }

  override slice(start?: number, end?: number, contentType?: string): Blob {
    return new Blob([this.#bytes]).slice(start, end, contentType);
  }
}

/**
 * A file part's bytes from the chunks the parser handed over: one view when they lie one after another in the same
 * buffer (the body read whole), else joined into a buffer of their own (a body without a Content-Length, or a piece
 * the parser held back while it looked for a boundary).
 */
function fileBytes(chunks: Buffer[]): Uint8Array<ArrayBuffer> {
  const first = chunks[0];
  if (!first) return new Uint8Array(0);
  let end = first.byteOffset + first.length;
  let sideBySide = true;
  for (const chunk of chunks.slice(1)) {
    if (chunk.buffer !== first.buffer || chunk.byteOffset !== end) {
      sideBySide = false;
      break;
    }
    end += chunk.length;
  }
  if (sideBySide) return new Uint8Array(first.buffer as ArrayBuffer, first.byteOffset, end - first.byteOffset);
  const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The buffer a form's body was read into, when it was taken from the pool of body buffers, and whether it has gone
 * back there (then its files can no longer be read).
 */
interface BodyState {
  pooled?: Buffer;
  givenBack: boolean;
}

/** Free body buffers kept between forms: four applications' worth, so the memory held after a rush stays small. */
const bodyBuffers = createBodyBufferPool(16 * 1024 * 1024);
const bodiesOf = new WeakMap<FormData, BodyState>();

/**
 * Says that nothing will read the files of a form the body parser read any more, so its body's buffer serves the
 * next form. Called by an action that reads an application's files, once every use of them has settled (the
 * checks, the stores' writes): a byte read after it may be another form's. A file of that form read afterwards
 * throws; a form never said done with is collected as any other object.
 */
export function doneWithForm(form: FormData): void {
  const body = bodiesOf.get(form);
  if (!body || body.givenBack) return;
  body.givenBack = true;
  if (body.pooled) bodyBuffers.giveBack(body.pooled);
}

/** How a request's body reaches the multipart parser as it arrives, within a limit. */
interface ArrivingBody {
  stream: Readable;
  /** The most bytes read before the form is refused with 413. */
  maxBytes: number;
  /** The request's Content-Length, when it sent one: a body of another length is refused with 400. */
  contentLength?: number;
}

/**
 * A multipart body read into a form once; refused when it is not valid multipart data. Text fields are UTF-8
 * strings (a field longer than a URL-encoded form may be is refused, never cut short); each part with a
 * filename is a File, in the order the parts were sent. The body is given whole, or read as it arrives: with a
 * Content-Length, each chunk the socket read is copied at once into one buffer of that length, which the parser
 * reads, so every file is a view of it and the socket's chunks are let go as they come; without one, the parser
 * reads the socket's chunks and each file is joined from them, once.
 */
export function readMultipart(body: Buffer | ArrivingBody, contentType: string): Promise<FormData> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { 'content-type': contentType },
        // A part is a file when it names a file, as the Fetch API's own parser reads it.
        isPartAFile: (_field, _type, filename) => filename !== undefined,
        limits: { fieldSize: PAGE_FORM_MAX_BYTES },
      });
    } catch {
      reject(unreadable());
      return;
    }
    // Each part's place is taken when it begins; a file's entry is filled when its last byte has come.
    const entries: [string, string | File][] = [];
    const state: BodyState = { givenBack: false };
    let filesOpen = 0;
    let parsed = false;
    let failed = false;
    const fail = (err: Error = unreadable()) => {
      if (failed) return;
      failed = true;
      reject(err);
    };
    const done = () => {
      if (failed || !parsed || filesOpen > 0) return;
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      bodiesOf.set(form, state);
      resolve(form);
    };
    parser.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) fail();
      else entries.push([partName(name), value]);
    });
    parser.on('file', (name, stream, filename, _encoding, type) => {
      const at = entries.push([partName(name), '']) - 1;
      const chunks: Buffer[] = [];
      filesOpen += 1;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => fail());
      stream.on('end', () => {
        const file = new PostedFile(fileBytes(chunks), partName(filename), type || 'application/octet-stream', state);
        entries[at] = [partName(name), file];
        filesOpen -= 1;
        done();
      });
    });
    parser.on('error', () => fail());
    parser.on('finish', () => {
      parsed = true;
      done();
    });
    if (Buffer.isBuffer(body)) parser.end(body);
    else
      feed(body, parser, fail, (length) => {
        // A large body's buffer comes from the pool (and goes back with doneWithForm); a form refused half-way
        // keeps its buffer out of the pool: whatever the parser still holds of it is never read again. A used
        // buffer still holds an earlier form's bytes, but none of them is ever in a view: the parser reads only
        // what has come, and the form resolves only once its whole Content-Length has.
        if (length < REUSED_FROM_BYTES) return Buffer.allocUnsafeSlow(length);
        state.pooled = bodyBuffers.take(length);
        return state.pooled;
      });
  });
}

/**
 * Writes a body into the parser as its chunks arrive, pausing while the parser is behind. A body past the limit is
 * refused with 413 (Fastify's own error, as for the other encodings), one cut short or longer than its
 * Content-Length with 400, one the stream itself ends with an HTTP error with that error, and the parser is told
 * nothing more.
 */
function feed(
  { stream, maxBytes, contentLength }: ArrivingBody,
  parser: BusboyInstance,
  fail: (err: Error) => void,
  bufferFor: (length: number) => Buffer,
) {
  let received = 0;
  let ended = false;
  // The whole body, when its length is known (and within the limit, or it is refused before this).
  let body: Buffer | undefined;
  const stop = (err: Error) => {
    stream.off('data', onData);
    stream.off('end', onEnd);
    fail(err);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBytes) stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    else if (contentLength !== undefined && received > contentLength)
      stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    else {
      let part = chunk;
      if (contentLength !== undefined && contentLength <= maxBytes) {
        body ??= bufferFor(contentLength);
        chunk.copy(body, received - chunk.length);
        part = body.subarray(received - chunk.length, received);
      }
      if (!parser.write(part)) stream.pause();
    }
  };
  const onEnd = () => {
    ended = true;
    if (contentLength !== undefined && received !== contentLength)
      stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    else parser.end();
  };
  parser.on('drain', () => stream.resume());
  stream.on('data', onData);
  stream.on('end', onEnd);
  // The slow-sender guard ends a crawling body with its own answer (408, the connection closed): that is kept.
  stream.on('error', (err: Error) => stop(err instanceof AppError ? err : unreadable()));
  // A client that goes away half-way ends the stream without its end: the form is refused, not waited for.
  stream.on('close', () => {
    if (!ended) stop(unreadable());
  });
  stream.resume();
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
 * Page routes (React Router actions) receive their body within a limit that is checked against Content-Length
 * before anything is read (413), and again as it arrives: a page form costs what its bytes cost, and is parsed
 * once. A URL-encoded form is read by Fastify as bytes; a multipart form is parsed here as it arrives and read by
 * its action through `postedForm` (the request's body is then null: nothing else reads its bytes). Multipart
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
  const maxBytes = Math.max(uploadMaxBytes, APPLICATION_FILE_LIMITS.postBytes) + PAGE_FORM_MAX_BYTES;
  // Read as it arrives, never joined: an application's megabytes are copied once, into its files.
  pages.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, stream: Readable) => {
    const length = Number(request.headers['content-length']);
    const contentLength = Number.isNaN(length) ? undefined : length;
    if (contentLength !== undefined && contentLength > maxBytes) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    const form = await readMultipart({ stream, maxBytes, contentLength }, String(request.headers['content-type']));
    if (formHasNul(form)) throw nulError();
    request.postedForm = form;
    return null;
  });
}
