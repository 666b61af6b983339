import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderedAddress } from '../cache/cache-key.ts';

/** A view of a Buffer's bytes as Fetch body (no copy). */
export const asBytes = (b: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/**
 * The Fetch API Request that React Router expects, made from a Fastify request whose body (if any) has
 * already been read within its limit (server/pages/form-body.ts). A page view is rendered from its cache
 * key's address (server/cache/cache-key.ts), without the query parameters no page reads; a form post keeps
 * its address. Aborted when the client goes away before the answer is complete, so a render or an action
 * in flight can stop early.
 */
export function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  const isView = request.method === 'GET' || request.method === 'HEAD';
  const address = isView ? renderedAddress(request.originalUrl) : request.originalUrl;
  return new Request(`${request.protocol}://${request.host}${address}`, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: asBytes(request.body as Buffer) } : {}),
  });
}

/** Sends a Fetch API Response through Fastify, so the app's onSend hooks (headers, cache, compression) apply. */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
