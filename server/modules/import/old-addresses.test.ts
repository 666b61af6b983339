import { describe, expect, it } from 'vitest';
import { isOwnAddress, looksLikeWordPress, oldAddressKey } from './old-addresses.ts';

describe('oldAddressKey', () => {
  it("gives WordPress's query addresses one key whatever the path or other parameters", () => {
    expect(oldAddressKey('/?p=12')).toBe('?p=12');
    expect(oldAddressKey('/index.php?p=012&utm_source=x')).toBe('?p=12');
    expect(oldAddressKey('/?page_id=7')).toBe('?page_id=7');
    expect(oldAddressKey('/?attachment_id=30')).toBe('?attachment_id=30');
  });

  it('reads a permalink with or without its last slash, decoded and in lower case', () => {
    expect(oldAddressKey('/2024/05/Result-Of-Grade-11/')).toBe('/2024/05/result-of-grade-11');
    expect(oldAddressKey('/2024/05/result-of-grade-11')).toBe('/2024/05/result-of-grade-11');
    expect(oldAddressKey('/%E0%A4%A8%E0%A4%A4%E0%A4%BF%E0%A4%9C%E0%A4%BE/')).toBe('/नतिजा');
    expect(oldAddressKey('/index.php/2024/05/result/')).toBe('/2024/05/result');
  });

  it('has no key for the root, and a malformed escape is looked up as it came', () => {
    expect(oldAddressKey('/')).toBeNull();
    expect(oldAddressKey('/?p=abc')).toBeNull();
    expect(oldAddressKey('/2024/05/%E0%A4')).toBe('/2024/05/%e0%a4');
  });
});

describe('looksLikeWordPress', () => {
  it("knows WordPress's address shapes", () => {
    for (const url of [
      '/?p=3',
      '/2023/11/holiday/',
      '/wp-content/uploads/2024/05/a.pdf',
      '/category/results/',
      '/tag/x/',
      // The year archive, an author's posts and the feed, which a WordPress site serves too.
      '/2025/',
      '/2025',
      '/author/admin/',
      '/feed/',
    ])
      expect(looksLikeWordPress(url), url).toBe(true);
  });

  it("leaves this site's own addresses alone", () => {
    for (const url of [
      '/',
      '/notices',
      '/notices/abc/slug',
      '/gallery?page=2',
      '/contact',
      '/admin/notice',
      '/?page=2',
      '/rss.xml',
      '/20250/',
      '/feeds',
    ])
      expect(looksLikeWordPress(url), url).toBe(false);
  });
});

describe('isOwnAddress', () => {
  it('refuses an old address that this site serves itself, whatever else it is', () => {
    expect(isOwnAddress('/contact')).toBe(true);
    expect(isOwnAddress('/notices/old-slug')).toBe(true);
    expect(isOwnAddress('/2024/05/contact')).toBe(false);
    expect(isOwnAddress('?p=4')).toBe(false);
  });
});
