import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_QUERY_PARAMETERS } from '#common/public-pages.ts';
import { cacheKey, isRouterAddress, renderedAddress } from './cache-key.ts';

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

  it('drops any parameter no page reads, so a script cannot make a new entry per request', () => {
    expect(cacheKey('/gallery?notfbclid=1')).toBe('/gallery');
    expect(cacheKey('/?x=0.123&page=2&bust=9')).toBe('/?page=2');
    expect(cacheKey('/api/notices?limit=5&_=1732400000')).toBe('/api/notices?limit=5');
    expect(cacheKey('/?map=show')).toBe('/?map=show');
  });
});

describe('renderedAddress', () => {
  it('renders a page outside the admin from its key, so a cached page cannot echo what the key left out', () => {
    expect(renderedAddress('/?fbclid=abc')).toBe('/');
    expect(renderedAddress('/login?next=%2Fadmin%2Fnotice&x=1')).toBe('/login?next=%2Fadmin%2Fnotice');
  });

  it('leaves the admin addresses as they came', () => {
    expect(renderedAddress('/admin/audit?actor=3&kind=notice')).toBe('/admin/audit?actor=3&kind=notice');
  });

  it("leaves React Router's manifest and data requests as they came (without its version the manifest reloads the page)", () => {
    const manifest = '/__manifest?paths=%2Fadmin%2Cadmin%2Fnotice&version=21e133ab';
    expect(renderedAddress(manifest)).toBe(manifest);
    expect(renderedAddress('/notices.data?_routes=routes%2Fnotices')).toBe('/notices.data?_routes=routes%2Fnotices');
  });
});

describe('isRouterAddress', () => {
  it("is React Router's manifest or a route's data, and no page", () => {
    expect(isRouterAddress('/__manifest?paths=%2F&version=1')).toBe(true);
    expect(isRouterAddress('/admin/notice.data?_routes=x')).toBe(true);
    expect(isRouterAddress('/notices?page=2')).toBe(false);
    expect(isRouterAddress('/__manifesto')).toBe(false);
    expect(isRouterAddress('/gallery?x=.data')).toBe(false);
  });
});

describe('PUBLIC_QUERY_PARAMETERS', () => {
  // Reads the pages' code: a parameter read outside the admin but missing from the list would be stripped
  // before the page sees it.
  it('names every query parameter that code outside the admin reads', () => {
    const root = path.resolve(import.meta.dirname, '../../app');
    const read = new Set<string>();
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      // The admin's pages and parts: app/routes/admin/, app/lib/admin/, app/components/admin/, app/admission/office/.
      if (!/\.tsx?$/u.test(file) || /(^|\/)(admin|office)\//u.test(file) || file.includes('.test.')) continue;
      const code = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of code.matchAll(/(?:searchParams|query)\.get\('([\w-]+)'\)/gu)) read.add(match[1]!);
    }
    expect([...read].sort()).toEqual(expect.arrayContaining(['category', 'map', 'next', 'page', 'video']));
    for (const name of read) expect(PUBLIC_QUERY_PARAMETERS).toContain(name);
  });
});
