import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Response headers that belong to the content and may be replayed from the cache; all others are per response. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-language', 'link', 'x-robots-tag'];

/**
 * How hard the variants were compressed. A new entry is made `quick` (Brotli 5, gzip 6: about a
 * millisecond for a page here) so that a render never waits on the compressor; the cache then remakes it
 * `best` (Brotli 11, gzip 9: about 45 ms for the home page, and about 10 % smaller) in the background,
 * one entry at a time.
 */
export type CompressionEffort = 'quick' | 'best';

const LEVELS = {
  quick: { brotli: 5, gzip: 6 },
  best: { brotli: 11, gzip: 9 },
} as const satisfies Record<CompressionEffort, { brotli: number; gzip: number }>;

export interface CachedResponse {
  /** Content version the response was made from (server/cache/content-version.ts). */
  version: number;
  effort: CompressionEffort;
  headers: Record<string, string>;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
}

/**
 * A response ready to be served many times: its bytes plus Brotli and gzip variants, compressed once
 * (off the event loop, in zlib's threads) instead of once per request.
 */
export async function makeCachedResponse(
  version: number,
  identity: Buffer,
  headers: Record<string, unknown>,
  effort: CompressionEffort = 'quick',
): Promise<CachedResponse> {
  const levels = LEVELS[effort];
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: levels.gzip }),
  ]);
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined) kept[name] = String(value);
  }
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const bytes = identity.length + br.length + gz.length;
  return { version, effort, headers: kept, etag, identity, br, gzip: gz, bytes };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//u, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//u, '') === bare);
}
