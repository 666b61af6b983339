import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ContentVersion } from '#server/cache/content-version.ts';
import type { Db } from '#server/db/db.ts';
import { listOldAddresses } from './import.repository.ts';

/**
 * The old site's addresses (an imported WordPress site's permalinks, `?p=ID` links and upload files), answered
 * before the page router with a 301 to where their content now is. They are held in memory, read again when
 * the shared content version moves (an import moves it with each notice it makes, in whichever process ran
 * it), so a request pays one map look-up, and only while some old addresses exist.
 */

/** WordPress's own query addresses: `/?p=12`, `/index.php?page_id=7`, `/?attachment_id=30`, `/?cat=3`. */
const QUERY_IDS = ['p', 'page_id', 'attachment_id', 'cat'] as const;
/**
 * Paths only a WordPress site has: dated permalinks and the year and month archives, uploads, category, tag and
 * author archives, the site's feed, index.php ones.
 */
const WORDPRESS_PATH =
  /^\/(?:\d{4}(?:\/|$)|wp-content\/uploads\/|category\/|tag\/|author\/|feed\/|index\.php(?:\/|$))/u;

/**
 * An address's key among the old ones: WordPress's `?p=ID` and its kin as `?p=ID` whatever the path
 * (`/` or `/index.php`), otherwise the path decoded, lower-cased, without `/index.php` in front or a slash at
 * the end (WordPress answered `/2024/05/result` and `/2024/05/result/` alike). Null for the site's root.
 */
export function oldAddressKey(url: string): string | null {
  const question = url.indexOf('?');
  let path = question === -1 ? url : url.slice(0, question);
  if (question !== -1 && (path === '/' || path === '/index.php')) {
    const params = new URLSearchParams(url.slice(question + 1));
    for (const name of QUERY_IDS) {
      const id = params.get(name);
      if (id !== null && /^\d{1,12}$/u.test(id)) return `?${name}=${Number(id)}`;
    }
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: looked up as it came.
  }
  path = path.toLowerCase().replace(/^\/index\.php(?=\/|$)/u, '');
  path = path.replace(/\/+$/u, '');
  return path === '' ? null : path;
}

const isWordPressKey = (key: string) => key.startsWith('?') || WORDPRESS_PATH.test(`${key}/`);

/** Whether an address has the shape of a WordPress one (an unknown one lands on the notices list). */
export function looksLikeWordPress(url: string): boolean {
  const key = oldAddressKey(url);
  return key !== null && isWordPressKey(key);
}

/** The first path segments this site serves itself: an old address there is never taken over. */
const OWN_SEGMENTS = new Set([
  'admin',
  'api',
  'media',
  'notices',
  'gallery',
  'contact',
  'admission',
  'login',
  'assets',
  'files',
  'rss.xml',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
]);

/** Whether the key names a page of this site (an old page called /contact/ must not hide the new one). */
export const isOwnAddress = (key: string): boolean => !key.startsWith('?') && OWN_SEGMENTS.has(key.split('/')[1] ?? '');

/** Where an unknown old address lands: the list its kind of content now lives in. */
export const OLD_ADDRESS_FALLBACK = '/notices';
/** Where the old site's feed (`/feed/`) lands: this site's feed of notices, which feed readers can follow. */
export const OLD_FEED_FALLBACK = '/rss.xml';

export interface OldAddresses {
  /** The answer to an old address: 301 to its new address, 302 to the list for an unknown WordPress one; else null. */
  answer(url: string): { status: 301 | 302; location: string } | null;
  /**
   * Reads them again if the content version moved since they were last read: the version `request` was given
   * (ContentVersion.forRequest), else one read now.
   */
  sync(request?: object): Promise<void>;
  /** Reads them now. */
  reload(): Promise<void>;
}

export function createOldAddresses(db: Db, versions: ContentVersion): OldAddresses {
  let map = new Map<string, string>();
  let loadedVersion = -1;
  let reading: Promise<void> | null = null;

  async function reload(): Promise<void> {
    map = new Map((await listOldAddresses(db)).map((r) => [r.path, r.target]));
  }

  return {
    answer(url) {
      const key = oldAddressKey(url);
      if (key === null) return null;
      const target = map.get(key);
      if (target) return { status: 301, location: target };
      if (!isWordPressKey(key)) return null;
      return { status: 302, location: key === '/feed' ? OLD_FEED_FALLBACK : OLD_ADDRESS_FALLBACK };
    },
    reload,
    async sync(request) {
      const version = await (request ? versions.forRequest(request) : versions.current());
      // The version is read before the addresses, so the addresses read are never older than it.
      while (version > loadedVersion) {
        reading ??= reload()
          .then(() => void (loadedVersion = Math.max(loadedVersion, version)))
          .finally(() => (reading = null));
        await reading;
      }
    },
  };
}

/**
 * Answers GET and HEAD requests for old addresses before the render cache and the pages: a known one with a
 * 301 to its new address; an unknown one shaped like a WordPress address with a 302 to the notices list.
 * 302, not 301, because the same address may get its own target later (a second import, or the admin), and
 * browsers and search engines keep a 301 for good.
 */
export function registerOldAddresses(app: FastifyInstance, addresses: OldAddresses): void {
  const sync = (log: FastifyBaseLogger, request?: object) =>
    addresses
      .sync(request)
      .catch((err: unknown) => log.error({ err }, 'reading the old addresses failed; the last ones read stay'));
  app.addHook('onReady', () => sync(app.log));
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    await sync(request.log, request);
    const answer = addresses.answer(request.url);
    if (!answer) return;
    // A known one may be kept a day; the way to the list is asked again, as the address may get a target.
    reply.header('cache-control', answer.status === 301 ? 'public, max-age=86400' : 'no-store');
    return reply.redirect(answer.location, answer.status);
  });
}
