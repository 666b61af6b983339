import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import { RSS_ITEM_COUNT, RSS_PATH } from '#common/public-pages.ts';
import { rssFeed } from './rss.ts';
import { SITEMAP_MAX_NOTICES, robotsTxt, sitemap } from './sitemap.ts';

/**
 * What feed readers and search engines read: the feed of the latest notices, the sitemap and robots.txt,
 * with absolute addresses on the configured site address (SITE_URL), never the request's Host header.
 * They are public reads like the pages: kept in the render cache, revalidated by browsers, and they
 * change when a notice is published, including a scheduled one whose time comes.
 */
export const feedsRoutes =
  (siteUrl: string): FastifyPluginAsync =>
  async (app) => {
    const options = { config: { responseCache: true }, schema: { hide: true } } as const;

    app.get(RSS_PATH, options, async (_request, reply) => {
      const [notices, site] = await Promise.all([
        app.services.notices.latest(RSS_ITEM_COUNT),
        app.services.content.site(),
      ]);
      return reply
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .type('application/rss+xml; charset=utf-8')
        .send(rssFeed(notices, { siteUrl, collegeName: site.college.name.en }));
    });

    app.get('/sitemap.xml', options, async (_request, reply) => {
      const notices = await app.services.notices.latest(SITEMAP_MAX_NOTICES);
      return reply
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(sitemap(notices, siteUrl));
    });

    app.get('/robots.txt', options, async (_request, reply) =>
      reply.header('cache-control', PUBLIC_CACHE_CONTROL).type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)),
    );
  };
