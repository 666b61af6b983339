import { z } from 'zod';
import { NoticeListSchema, NoticeSchema } from '#common/notices/notice.ts';
import { notFound } from '#server/errors.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';

export const publicNoticesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/notices',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'Published notices, pinned first, then newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: { 200: NoticeListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return { notices: await app.services.notices.list(request.query.limit) };
    },
  );

  app.get(
    '/notices/:id',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'One published notice (404 for one unknown, deleted or not yet published)',
        params: IdParams,
        response: { 200: NoticeSchema },
      },
    },
    async (request, reply) => {
      const notice = await app.services.notices.getPublished(request.params.id);
      if (!notice) throw notFound('notice');
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return notice;
    },
  );
};
