import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderedAddress } from '../cache/cache-key.ts';

/** A view of a Buffer's bytes as Fetch body (no copy). */
export const asBytes = (b: Buffer): Uint8Array<ArrayBuffer> =>
  new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/**
 * A request's target as a path and query (`/admin/notice?page=2`), as React Router sees it. HTTP/1.1 servers
 * must also accept the absolute form (`GET http://host/admin HTTP/1.1`, what a client sends to a proxy):
 * that is read as its path and query, never glued after our own origin (an invalid URL, a 500). Null for
 * a target that names no path (`OPTIONS *`) or cannot be read.
 */
export function originForm(target: string): string | null {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

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
  // A multipart form was read by the body parser and reaches the action through `LoadContext.readForm`
  // (server/pages/form-body.ts); the Request does not carry its megabytes again (the Fetch API copies a body).
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body) && !request.postedForm;
  const isView = request.method === 'GET' || request.method === 'HEAD';
  const target = originForm(request.originalUrl) ?? '/';
  const address = isView ? renderedAddress(target) : target;
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
