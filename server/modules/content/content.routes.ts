import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import { SiteContentSchema } from '#common/site-content/site.ts';
import type { ApiPlugin } from '#server/http.ts';

/** The college's content as the public pages show it (pages get it through the load context). */
export const publicContentRoutes: ApiPlugin = async (app) => {
  app.get(
    '/content',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: "The college's texts, people, courses, links, banner and downloads",
        response: { 200: SiteContentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return app.services.content.site();
    },
  );
};
