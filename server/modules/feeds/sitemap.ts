import type { Notice } from '#common/notices/notice.ts';
import { PUBLIC_PAGES, type PublicPage } from '#common/public-pages.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { SITE_LANGUAGES } from '#common/site-content/local-text.ts';
import { newestChange } from './newest-change.ts';
import { element } from './xml.ts';

/** A sitemap holds at most 50,000 addresses. */
export const SITEMAP_MAX_URLS = 50_000;

/** The notices that fit in one sitemap beside the pages, each in every language. */
export const SITEMAP_MAX_NOTICES = Math.floor(SITEMAP_MAX_URLS / SITE_LANGUAGES.length) - PUBLIC_PAGES.length;

const url = (loc: string, lastmod: string | undefined) =>
  `<url>${element('loc', loc)}${lastmod ? element('lastmod', lastmod) : ''}</url>`;

/**
 * /sitemap.xml: every public page, then every published notice's permalink (the caller passes only
 * published ones), each in English and in Nepali (under /ne). A notice page was last changed at the notice's
 * last edit or publication; a page that lists notices at the latest of those among them.
 */
export function sitemap(
  notices: readonly Notice[],
  siteUrl: string,
  pages: readonly PublicPage[] = PUBLIC_PAGES,
): string {
  const newest = newestChange(notices);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.flatMap((page) =>
      SITE_LANGUAGES.map((lang) => url(`${siteUrl}${pathIn(lang, page.path)}`, page.showsNotices ? newest : undefined)),
    ),
    ...notices.flatMap((notice) =>
      SITE_LANGUAGES.map((lang) => url(`${siteUrl}${pathIn(lang, noticePath(notice))}`, notice.updatedAt)),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt: the public site is open to crawlers; the admin and the API are not; the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
