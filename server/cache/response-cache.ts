import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { chooseEncoding } from '../compression.ts';
import { cacheKey, isAdminAddress, isRouterAddress, isSameForEveryone } from './cache-key.ts';
import { type CachedResponse, NOT_ON_304, etagMatches, makeCachedResponse } from './cached-response.ts';
import type { ContentVersion } from './content-version.ts';
import { ResponseStore, type StoreLimits } from './response-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers of this route may be kept and served from memory when they say `Cache-Control: public`. */
    responseCache?: boolean;
  }
}

export const DEFAULT_STORE_LIMITS: StoreLimits = { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 };

interface Fill {
  key: string;
  flightKey: string;
  version: number;
  resolve: (entry: CachedResponse | null) => void;
}

async function toBuffer(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    return Buffer.concat(chunks);
  }
  return null;
}

interface Answer {
  status: 200 | 304;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** What a cached entry answers this request: a 304 to a matching If-None-Match, else the variant it accepts. */
function answerFor(request: FastifyRequest, entry: CachedResponse): Answer {
  if (etagMatches(request.headers['if-none-match'], entry.etag)) {
    return { status: 304, headers: entry.notModified, body: Buffer.alloc(0) };
  }
  const variant = chooseEncoding(request.headers['accept-encoding']) ?? 'identity';
  return { status: 200, headers: entry.sent[variant], body: entry[variant] };
}

/**
 * A hit is written straight to the socket: the entry already holds every header the hooks after this one
 * would add (security headers, encoding, length), so running them again per request would only cost time.
 * Fastify still runs the onResponse hooks of a hijacked reply.
 */
function sendHit(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): void {
  const { status, headers, body } = answerFor(request, entry);
  reply.hijack();
  // A HEAD request gets the headers only: Node's response leaves the body out by itself.
  reply.raw.writeHead(status, headers).end(body);
}

/** A fresh entry's answer on the reply being sent: the same headers and bytes as any later hit. */
function applyEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): Buffer {
  const { status, headers, body } = answerFor(request, entry);
  if (status === 304) for (const name of NOT_ON_304) reply.removeHeader(name);
  reply.status(status).headers(headers);
  return body;
}

/**
 * The render cache: public pages and public API answers are the same for every visitor, so each is made
 * once per address and content version, kept with its compressed variants, and served from memory
 * (with ETag and 304) until a change to content moves the shared content version forward (every service
 * that changes what public pages show does so through `changeContent`, server/cache/content-version.ts). A burst
 * of requests for an address that is not cached yet waits for one render instead of making one each.
 * Nothing under /admin or /api/admin, nothing that sets a cookie and nothing that does not say
 * `Cache-Control: public` is kept, and those answers tell every other cache not to keep them either.
 * Registered before compression, so cached variants are never compressed twice.
 */
export function registerResponseCache(
  app: FastifyInstance,
  versions: ContentVersion,
  limits: StoreLimits = DEFAULT_STORE_LIMITS,
) {
  const store = new ResponseStore(limits);
  const fills = new WeakMap<FastifyRequest, Fill>();
  let refining: Promise<void> | null = null;

  // Entries are made with quick compression; the ones in use are remade with the best, one at a time, so
  // the slow compressor never has more than one of zlib's threads, however many new addresses come in.
  const refine = (key: string, entry: CachedResponse) => {
    if (refining || entry.effort === 'best') return;
    refining = makeCachedResponse(entry.version, entry.identity, entry.headers, 'best')
      .then((better) => void store.replace(key, entry, better))
      .catch((err: unknown) => app.log.warn({ err, key }, 'render cache: recompressing failed; the quick copy stays'))
      .finally(() => (refining = null));
  };

  const settle = (request: FastifyRequest, entry: CachedResponse | null) => {
    const fill = fills.get(request);
    if (!fill) return;
    fills.delete(request);
    store.inFlight.delete(fill.flightKey);
    fill.resolve(entry);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.routeOptions.config?.responseCache !== true || isRouterAddress(request.url)) return;
    store.sync(await versions.forRequest(request));
    const key = cacheKey(request.url);
    const hit = store.get(key);
    if (hit) {
      refine(key, hit);
      sendHit(request, reply, hit);
      return;
    }
    if (request.method === 'HEAD') return;
    // A visitor who left while the request waited its turn (a timed-out phone, a closed tab) needs no
    // render: skipping it keeps a backlog of abandoned requests from delaying the ones still waiting.
    if (request.raw.socket?.destroyed) {
      request.log.info({ url: request.url }, 'render cache: the client left before its render; skipped');
      reply.hijack();
      return;
    }
    const version = store.version;
    const flightKey = `${version} ${key}`;
    const pending = store.inFlight.get(flightKey);
    if (pending) {
      const entry = await pending;
      if (!entry) return; // the first answer could not be kept (an error, a cookie): this one renders too
      sendHit(request, reply, entry);
      return;
    }
    let resolve!: (entry: CachedResponse | null) => void;
    store.inFlight.set(flightKey, new Promise((r) => (resolve = r)));
    fills.set(request, { key, flightKey, version, resolve });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isAdminAddress(request.url) || reply.hasHeader('set-cookie')) reply.header('cache-control', PRIVATE_NO_STORE);
    const fill = fills.get(request);
    if (!fill) return payload;
    const cacheable =
      reply.statusCode === 200 && !reply.hasHeader('content-encoding') && isSameForEveryone(request.url, reply);
    if (!cacheable) {
      settle(request, null);
      return payload;
    }
    try {
      const body = await toBuffer(payload);
      // A page that uses this response's CSP nonce is made for one response only.
      if (!body || request.cspNonce) {
        if (body) request.log.warn({ url: request.url }, 'render cache: a public page carries a nonce; not cached');
        settle(request, null);
        return body ?? payload;
      }
      const entry = await makeCachedResponse(fill.version, body, reply.getHeaders());
      if (store.set(fill.key, entry)) refine(fill.key, entry);
      settle(request, entry);
      return applyEntry(request, reply, entry);
    } catch (err) {
      settle(request, null);
      throw err;
    }
  });

  // A request that ends without an answer (the client left, an error before onSend) frees its waiters.
  app.addHook('onRequestAbort', (request, done) => {
    settle(request, null);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request, null);
    done();
  });

  return { store, versions, refined: () => refining ?? Promise.resolve() };
}
