import { z } from 'zod';
import { NoticeListSchema } from '#common/notice.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicNoticesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/notices',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'All notices, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: { 200: NoticeListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return { notices: await app.services.notices.list(request.query.limit) };
    },
  );
};
