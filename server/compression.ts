import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Compresses text responses (pages, scripts, styles, JSON, SVG) for browsers that accept it, with no
 * proxy needed in front: uncompressed, a phone on a slow link spends most of the first load waiting for
 * 370 KB of JavaScript instead of 120 KB (docs/performance.md).
 *   - hashed build assets (/assets/*, cached for a year) are compressed once, at the best Brotli
 *     level, and kept in memory;
 *   - everything else is compressed as it streams (Brotli at a fast level), so a server-rendered page
 *     still reaches the browser in pieces.
 * Bodies under 1 KB, HEAD requests and images (already compressed) are sent as they are.
 */

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/u;
const MIN_BYTES = 1024;
const MAX_CACHED_ASSETS = 500;

type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/u.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
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

function compressStream(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })
    : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH });
}

function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/iu.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

function markEncoded(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  varyOnEncoding(reply);
  // One ETag for several encodings of the same content: weak, as HTTP asks.
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
}

export function registerCompression(app: FastifyInstance): void {
  const assetCache = new Map<string, Buffer>();

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'HEAD' || [204, 206, 304].includes(reply.statusCode)) return payload;
    if (reply.getHeader('content-encoding') || reply.getHeader('content-range')) return payload;
    if (payload === null || payload === undefined) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      varyOnEncoding(reply);
      return payload;
    }
    const length = Number(reply.getHeader('content-length') ?? Number.NaN);
    const path = request.url.split('?')[0] ?? '';

    // Hashed build assets never change: compress once, as hard as Brotli goes.
    if (path.startsWith('/assets/') && reply.statusCode === 200) {
      const key = `${encoding}:${path}`;
      let body = assetCache.get(key);
      if (!body) {
        const raw = await toBuffer(payload);
        if (!raw) return payload;
        if (raw.length < MIN_BYTES) return raw;
        body =
          encoding === 'br'
            ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
            : await gzip(raw, { level: 9 });
        if (assetCache.size < MAX_CACHED_ASSETS) assetCache.set(key, body);
      } else if (payload instanceof Readable) {
        payload.destroy();
      }
      markEncoded(reply, encoding);
      reply.header('content-length', body.length);
      return body;
    }

    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const raw = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (raw.length < MIN_BYTES) return payload;
      markEncoded(reply, encoding);
      return encoding === 'br'
        ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzip(raw, { level: 6 });
    }
    if (payload instanceof Readable) {
      if (Number.isFinite(length) && length < MIN_BYTES) return payload;
      markEncoded(reply, encoding);
      return payload.pipe(compressStream(encoding));
    }
    return payload;
  });
}
