import { describe, expect, it } from 'vitest';
import { cacheKey } from './cache-key.ts';

describe('cacheKey', () => {
  it('keeps an address without a query as it is', () => {
    expect(cacheKey('/notices')).toBe('/notices');
  });

  it('drops the parameters that link trackers add, so a shared link is one address', () => {
    expect(cacheKey('/?fbclid=IwAR0abc')).toBe('/');
    expect(cacheKey('/notices?utm_source=facebook&utm_medium=social&gclid=x')).toBe('/notices');
    expect(cacheKey('/?FBCLID=1&UTM_Campaign=results')).toBe('/');
  });

  it('keeps every parameter a page reads, in its order', () => {
    expect(cacheKey('/notices?page=2&fbclid=abc')).toBe('/notices?page=2');
    expect(cacheKey('/notices?category=result&page=3')).toBe('/notices?category=result&page=3');
  });

  it('keeps a page in English and in Nepali apart: the language is in the address', () => {
    expect(cacheKey('/ne/notices?page=2&utm_source=x')).toBe('/ne/notices?page=2');
    expect(cacheKey('/ne/notices?page=2')).not.toBe(cacheKey('/notices?page=2'));
    expect(cacheKey('/ne')).not.toBe(cacheKey('/'));
  });

  it('does not mistake a parameter that merely contains a tracker name', () => {
    expect(cacheKey('/gallery?notfbclid=1')).toBe('/gallery?notfbclid=1');
  });
});
