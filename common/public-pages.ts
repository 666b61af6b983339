/**
 * The public site's pages, as search engines are told about them (/sitemap.xml). A page in another
 * language is one more entry here. `showsNotices`: the page lists notices, so it changes when one is
 * published or edited (its last-modified time is the latest change among them).
 */
export interface PublicPage {
  path: string;
  showsNotices: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', showsNotices: true },
  { path: '/notices', showsNotices: true },
  { path: '/gallery', showsNotices: false },
  { path: '/contact', showsNotices: false },
  { path: '/admission', showsNotices: false },
  { path: '/admission/apply', showsNotices: false },
  { path: '/admission/status', showsNotices: false },
];

/** Where the feed of the latest notices is; every public page's head links to it. */
export const RSS_PATH = '/rss.xml';
/** How many notices the feed carries. */
export const RSS_ITEM_COUNT = 20;

/** Query parameters that make another page of content (a list's page, a filter); canonical addresses keep them. */
export const LISTING_PARAMETERS = ['category', 'page'] as const;

/**
 * Every query parameter a page outside the admin, or the public API, reads: the listings' own, the map and
 * video facades' `?map=show` / `?video=play`, the sign-in page's `next`, and the API's `limit` and `folder`.
 * Any other parameter (a tracker's `fbclid`, a script's random one meant to miss the cache) changes nothing
 * a visitor sees: such pages are rendered and cached without it. A page that starts reading a new
 * parameter names it here (a unit test reads the pages' code to check).
 */
export const PUBLIC_QUERY_PARAMETERS: readonly string[] = [
  ...LISTING_PARAMETERS,
  'map',
  'video',
  'next',
  'limit',
  'folder',
];
