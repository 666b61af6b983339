import type { Notice } from '#common/notices/notice.ts';
import { noticeCategoryLabel } from '#common/notices/notice-category.ts';
import { RSS_PATH } from '#common/public-pages.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { newestChange } from './newest-change.ts';
import { element, escapeXml } from './xml.ts';

export interface FeedSite {
  /** The site's absolute address, without a trailing slash. */
  siteUrl: string;
  collegeName: string;
}

/** RFC 822 dates, as RSS 2.0 requires: "Sun, 22 Nov 2026 04:15:00 GMT". */
const rfc822 = (iso: string) => new Date(iso).toUTCString();

function item(notice: Notice, siteUrl: string): string {
  const url = `${siteUrl}${noticePath(notice)}`;
  return [
    '<item>',
    element('title', notice.title),
    element('link', url),
    `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
    element('description', notice.description),
    element('pubDate', rfc822(notice.publishAt)),
    element('category', noticeCategoryLabel(notice.category)),
    '</item>',
  ].join('');
}

/** An RSS 2.0 feed of published notices, newest first (the caller passes only published ones). */
export function rssFeed(notices: readonly Notice[], { siteUrl, collegeName }: FeedSite): string {
  // The channel last changed when the newest of its notices was published or any of them was edited.
  const lastChange = newestChange(notices);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', `Notices | ${collegeName}`),
    element('link', `${siteUrl}/notices`),
    element('description', `The latest notices of ${collegeName}.`),
    element('language', 'en'),
    `<atom:link href="${escapeXml(`${siteUrl}${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...(lastChange ? [element('lastBuildDate', rfc822(lastChange))] : []),
    ...notices.map((notice) => item(notice, siteUrl)),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
