/**
 * The public site's pages, as search engines are told about them (/sitemap.xml). A page in another
 * language is one more entry here. `showsNotices`: the page lists notices, so it changes when one is
 * published (its last-modified time is the newest notice's).
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
];

/** Where the feed of the latest notices is; every public page's head links to it. */
export const RSS_PATH = '/rss.xml';
/** How many notices the feed carries. */
export const RSS_ITEM_COUNT = 20;
