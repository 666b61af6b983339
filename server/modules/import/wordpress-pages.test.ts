import { describe, expect, it } from 'vitest';
import { planPages, sitePageOf } from './wordpress-pages.ts';
import type { WxrItem } from './wxr-reader.ts';

const page = (postName: string, title: string, content = ''): WxrItem =>
  ({
    id: 7,
    postName,
    title,
    content,
    guid: `http://old.test/?page_id=7`,
    link: `http://old.test/${postName}/`,
  }) as WxrItem;

describe('WordPress pages and the site pages they name', () => {
  it('matches by slug, then by title, in English and Nepali', () => {
    expect(sitePageOf(page('about-us', 'Who are we?'))).toBe('about');
    expect(sitePageOf(page('our-programmes', 'Study here'))).toBe('courses');
    expect(sitePageOf(page('page-2', 'Contact Us'))).toBe('contact');
    expect(sitePageOf(page('news-events', 'x'))).toBe('notices');
    // WordPress stores a Nepali slug percent-encoded.
    expect(sitePageOf(page(encodeURIComponent('सम्पर्क'), 'x'))).toBe('contact');
    expect(sitePageOf(page('page-3', 'हाम्रो बारेमा'))).toBe('about');
    expect(sitePageOf(page('page-4', 'भर्ना'))).toBe('admission');
    expect(sitePageOf(page('page-5', 'Admissions'))).toBe('admission');
    expect(sitePageOf(page('downloads', 'Downloads'))).toBe('downloads');
    expect(sitePageOf(page('hostel-rules', 'Hostel Rules'))).toBeNull();
    expect(sitePageOf(page('about-our-hostel', 'About our hostel'))).toBeNull();
  });

  it('leads a page titled in Nepali to the Nepali page, and names the rest as not brought over', () => {
    const notImported: { oldId: number; type: string; title: string; reason: string }[] = [];
    const planned = planPages(
      [page('page-3', 'हाम्रो बारेमा', '<p>कलेज २०५० सालमा स्थापना भएको हो।</p>'), page('rules', 'Hostel Rules')],
      { already: new Map(), keyOf: (link) => [new URL(link).pathname.replace(/\/$/u, '')], notImported },
    );
    expect(planned.map((p) => [p.becomes, p.target, p.oldPaths, p.words])).toEqual([
      ['about', '/ne#about', ['/page-3', '?page_id=7'], 6],
    ]);
    expect(notImported.map((n) => n.title)).toEqual(['Hostel Rules']);
  });

  it('marks a page found by its GUID as imported before', () => {
    const [planned] = planPages([page('contact', 'Contact')], {
      already: new Map([['http://old.test/?page_id=7', 'site-page:contact']]),
      keyOf: () => [],
      notImported: [],
    });
    expect(planned?.importedAs).toBe('site-page:contact');
  });
});
