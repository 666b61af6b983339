import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Response headers that belong to the content and may be replayed from the cache; all others are per response. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-language', 'link', 'x-robots-tag'];

export interface CachedResponse {
  /** Content version the response was made from (server/cache/content-version.ts). */
  version: number;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
}

/**
 * A response ready to be served many times: its bytes plus Brotli and gzip variants, compressed once
 * at the best levels (off the event loop, in zlib's threads) instead of once per request.
 */
export async function makeCachedResponse(
  version: number,
  identity: Buffer,
  headers: Record<string, unknown>,
): Promise<CachedResponse> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) kept[name] = String(value);
  }
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { version, headers: kept, etag, identity, br, gzip: gz, bytes: identity.length + br.length + gz.length };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//u, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//u, '') === bare);
}
