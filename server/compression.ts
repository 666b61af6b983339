import os from 'node:os';
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
 *   - everything else (pages, JSON) is gathered whole and compressed in one call, with a Brotli window
 *     no larger than the body, a few calls at a time. Compressing each page as it streamed cost a
 *     Brotli encoder per request (4 MB window, a flush per React chunk, a thread-pool round trip per
 *     chunk): 200 visitors at once took the process from 209 MB to 1.8 GB and starved the thread pool
 *     (issue 15, docs/performance.md "Results day"). A page renders in milliseconds, so holding it
 *     until it is complete delays its first byte by about that much;
 *   - a streamed body larger than MAX_GATHERED_BYTES (an export, a big text file) is compressed as it
 *     streams, with a small window, so memory stays bounded whatever its size.
 * Bodies under 1 KB, HEAD requests and images (already compressed) are sent as they are. Responses that
 * already carry a Content-Encoding (the render cache's stored variants) pass through untouched.
 */

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/u;
const MIN_BYTES = 1024;
const MAX_CACHED_ASSETS = 500;
/** Larger streamed bodies are compressed as they stream rather than gathered in memory. */
export const MAX_GATHERED_BYTES = 2 * 1024 * 1024;
/** Per-request Brotli level: 5 is within a few per cent of 11 on HTML and JSON at a small share of its CPU. */
const DYNAMIC_BROTLI_QUALITY = 5;
/** Brotli's window, in bits: at least 64 KB, at most the 4 MB default; 256 KB for bodies of unknown size. */
const MIN_LGWIN = 16;
const MAX_LGWIN = 22;
const STREAM_LGWIN = 18;

/**
 * Compression runs on libuv's thread pool (4 threads by default), which the file system, DNS and
 * password hashing share. At most this many compressions run at once; the others wait in order, holding
 * only their uncompressed body. One fewer than the cores (the main thread needs one), and never more than
 * half the pool.
 */
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
export const COMPRESSION_SLOTS = Math.max(1, Math.min(os.availableParallelism() - 1, Math.floor(POOL_SIZE / 2)));

type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once (the map is bounded). */
const chosen = new Map<string, Encoding | null>();

export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const header = acceptEncoding ?? '';
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const choice = parseAcceptEncoding(header);
  if (chosen.size >= 100) chosen.clear();
  chosen.set(header, choice);
  return choice;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/u.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Runs at most `size` jobs at once, the rest in arrival order. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, so `running` never drops below what is in use.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The smallest Brotli window that holds the whole body, so a 30 KB page does not reserve 4 MB. */
export function brotliWindowBits(bytes: number): number {
  return Math.min(MAX_LGWIN, Math.max(MIN_LGWIN, Math.ceil(Math.log2(Math.max(1, bytes)))));
}

function compressWhole(raw: Buffer, encoding: Encoding, quality: 'dynamic' | 'best'): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(raw, { level: quality === 'best' ? 9 : 6 });
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? 11 : DYNAMIC_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(raw.length),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

function compressStream(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_LGWIN]: STREAM_LGWIN,
        },
      })
    : zlib.createGzip({ level: 6 });
}

const asBuffer = (chunk: unknown): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);

type Gathered = { complete: true; body: Buffer } | { complete: false; stream: Readable };

/**
 * Reads a stream to its end, or up to `limit` bytes; past the limit, gives back a stream that replays
 * what was read and then the rest.
 */
export async function gather(payload: Readable | string | Buffer, limit: number): Promise<Gathered> {
  if (typeof payload === 'string') return { complete: true, body: Buffer.from(payload) };
  if (Buffer.isBuffer(payload)) return { complete: true, body: payload };
  const chunks: Buffer[] = [];
  let bytes = 0;
  const reader = payload[Symbol.asyncIterator]();
  for (;;) {
    const next = await reader.next();
    if (next.done) return { complete: true, body: Buffer.concat(chunks, bytes) };
    const chunk = asBuffer(next.value);
    chunks.push(chunk);
    bytes += chunk.length;
    if (bytes > limit) break;
  }
  async function* replay(): AsyncGenerator<Buffer> {
    yield* chunks.splice(0);
    for (;;) {
      const next = await reader.next();
      if (next.done) return;
      yield asBuffer(next.value);
    }
  }
  return { complete: false, stream: Readable.from(replay(), { objectMode: false }) };
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

export interface CompressionOptions {
  /** Compressions at once (tests set it). */
  slots?: number;
  /** Streamed bodies up to this size are gathered and compressed in one call (tests lower it). */
  maxGatheredBytes?: number;
}

export function registerCompression(
  app: FastifyInstance,
  { slots: slotCount = COMPRESSION_SLOTS, maxGatheredBytes = MAX_GATHERED_BYTES }: CompressionOptions = {},
): void {
  const slots = new Slots(slotCount);
  const assetCache = new Map<string, Buffer>();

  /** Compresses a whole body in its turn; a client that left while it waited costs nothing more. */
  const encodeBody = async (reply: FastifyReply, raw: Buffer, encoding: Encoding): Promise<Buffer> => {
    const body = await slots.run(async () => (reply.raw.destroyed ? null : compressWhole(raw, encoding, 'dynamic')));
    if (body === null) return raw;
    markEncoded(reply, encoding);
    reply.header('content-length', body.length);
    return body;
  };

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

    const source =
      payload instanceof Readable || typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    if (!source) return payload;
    if (Number.isFinite(length) && length < MIN_BYTES) return payload;
    const path = request.url.split('?')[0] ?? '';

    // Hashed build assets never change: compress once, as hard as Brotli goes.
    if (path.startsWith('/assets/') && reply.statusCode === 200) {
      const key = `${encoding}:${path}`;
      let body = assetCache.get(key);
      if (!body) {
        const gathered = await gather(source, maxGatheredBytes);
        // No build asset comes near the limit; one that did would go out as it is rather than be held.
        if (!gathered.complete) return gathered.stream;
        const raw = gathered.body;
        if (raw.length < MIN_BYTES) return raw;
        body = await slots.run(() => compressWhole(raw, encoding, 'best'));
        if (assetCache.size < MAX_CACHED_ASSETS) assetCache.set(key, body);
      } else if (source instanceof Readable) {
        source.destroy();
      }
      markEncoded(reply, encoding);
      reply.header('content-length', body.length);
      return body;
    }

    const gathered = await gather(source, maxGatheredBytes);
    if (!gathered.complete) {
      markEncoded(reply, encoding);
      return gathered.stream.pipe(compressStream(encoding));
    }
    if (gathered.body.length < MIN_BYTES) return gathered.body;
    return encodeBody(reply, gathered.body, encoding);
  });
}
