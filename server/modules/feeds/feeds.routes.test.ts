import { PUBLIC_PAGES } from '#common/public-pages.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticePath } from '#common/notices/notice-path.ts';
import type { Notice } from '#common/notices/notice.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { createTestDb } from '#server/test-support/test-app.ts';
import { buildNoticeInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';

const SITE = 'https://www.orbit.edu.np';
// 22 Nov 2026, 10:00 in Nepal.
const clock = new ManualClock('2026-11-22T04:15:00.000Z');
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let published: Notice;
let scheduled: Notice;

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  const test = await createTestDb();
  cleanup = test.cleanup;
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: test.dataDir, SEED_DEMO: 'false', SITE_URL: SITE });
  app = await buildApp({ env, db: test.db, storage: createLocalStorage(test.dataDir), pages: false, clock });
  for (let i = 0; i < 22; i++) {
    await app.services.notices.create(
      COMMAND_LINE_ACTOR,
      buildNoticeInput({ title: `Older notice ${String(i).padStart(2, '0')}` }),
      new Date(Date.parse('2026-10-01T00:00:00Z') + i * 3_600_000).toISOString(),
    );
  }
  published = await app.services.notices.create(
    COMMAND_LINE_ACTOR,
    buildNoticeInput({
      title: 'Fees & <dates> "2083"',
      category: 'examination',
      description: 'Pay fees & see <b>dates</b> now please.',
    }),
  );
  // Publish at 24 Nov 2026 10:00, Nepal time: two days away.
  scheduled = await app.services.notices.create(
    COMMAND_LINE_ACTOR,
    buildNoticeInput({ title: 'Holiday next week', publishAt: '2026-11-24T10:00' }),
  );
});
afterAll(async () => {
  await app.close();
  await cleanup();
});

describe('GET /rss.xml', () => {
  it('is an RSS 2.0 feed of the 20 latest published notices, newest first, with escaped text', async () => {
    const res = await get('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml.match(/<item>/gu)).toHaveLength(20);
    const first = xml.slice(xml.indexOf('<item>'), xml.indexOf('</item>'));
    expect(first).toContain('<title>Fees &amp; &lt;dates&gt; &quot;2083&quot;</title>');
    expect(first).toContain(`<link>${SITE}${noticePath(published)}</link>`);
    expect(first).toContain(`<guid isPermaLink="true">${SITE}${noticePath(published)}</guid>`);
    expect(first).toContain('<description>Pay fees &amp; see &lt;b&gt;dates&lt;/b&gt; now please.</description>');
    expect(first).toContain('<pubDate>Sun, 22 Nov 2026 04:15:00 GMT</pubDate>');
    expect(first).toContain('<category>Examination</category>');
    expect(xml).not.toContain('<b>');
    // 23 are published: the three oldest are past the 20 the feed carries.
    for (const old of ['00', '01', '02']) expect(xml).not.toContain(`Older notice ${old}`);
    expect(xml).toContain('Older notice 03');
  });

  it('leaves out a scheduled notice until its time, then carries it with no restart', async () => {
    expect((await get('/rss.xml')).body).not.toContain(scheduled.title);
    clock.set('2026-11-24T04:15:00.000Z');
    try {
      const after = await get('/rss.xml');
      expect(after.body).toContain(`<title>${scheduled.title}</title>`);
      expect(after.body).toContain('<pubDate>Tue, 24 Nov 2026 04:15:00 GMT</pubDate>');
    } finally {
      clock.set('2026-11-22T04:15:00.000Z');
    }
  });

  it('is served from the render cache with a 304 while nothing changes', async () => {
    const first = await get('/rss.xml');
    const again = await get('/rss.xml', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page and every published notice in English and in Nepali with its last change, and no scheduled one', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const xml = res.body;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const newest = published.publishAt;
    expect(xml).toContain(`<url><loc>${SITE}/</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/notices</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/gallery</loc></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/contact</loc></url>`);
    expect(xml).toContain(`<url><loc>${SITE}${noticePath(published)}</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/ne</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/ne/notices</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/ne/contact</loc></url>`);
    expect(xml).toContain(`<url><loc>${SITE}/ne${noticePath(published)}</loc><lastmod>${newest}</lastmod></url>`);
    expect(xml.match(/<url>/gu)).toHaveLength(2 * (PUBLIC_PAGES.length + 23));
    expect(xml).toContain(`<url><loc>${SITE}/ne/admission</loc></url>`);
    expect(xml).not.toContain(scheduled.id);
    expect(xml).not.toContain('/admin');
  });
});

describe('GET /robots.txt', () => {
  it('opens the public site, keeps the admin and the API out and names the sitemap on the site address', async () => {
    const res = await get('/robots.txt', { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api',
      '',
      `Sitemap: ${SITE}/sitemap.xml`,
      '',
    ]);
  });
});
