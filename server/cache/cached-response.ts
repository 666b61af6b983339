import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SECURITY_HEADER_NAMES } from '../security-headers.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Response headers that belong to the content and are replayed from the cache, with the security headers
 * made for it (a cached page has no nonce, and its frame origins follow its content version); all
 * others are per response.
 */
const KEPT_HEADERS = [
  'content-type',
  'cache-control',
  'content-language',
  'link',
  'x-robots-tag',
  ...SECURITY_HEADER_NAMES,
];

/**
 * A 304 updates the copy a browser keeps with its headers: it has no body and no type, and a policy on it
 * would replace the page's own.
 */
export const NOT_ON_304 = ['content-type', 'content-length', 'content-security-policy'];

export type Variant = 'br' | 'gzip' | 'identity';

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
  /** Every header of each variant's 200, and of a 304, ready to be written as they are. */
  sent: Record<Variant, OutgoingHttpHeaders>;
  notModified: OutgoingHttpHeaders;
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
  const common = { ...kept, etag, vary: 'Accept-Encoding' };
  const sent: Record<Variant, OutgoingHttpHeaders> = {
    br: { ...common, 'content-encoding': 'br', 'content-length': br.length },
    gzip: { ...common, 'content-encoding': 'gzip', 'content-length': gz.length },
    identity: { ...common, 'content-length': identity.length },
  };
  const notModified: OutgoingHttpHeaders = { ...common };
  for (const name of NOT_ON_304) delete notModified[name];
  return { version, effort, headers: kept, etag, identity, br, gzip: gz, bytes, sent, notModified };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//u, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//u, '') === bare);
}
