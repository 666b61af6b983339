import { z } from 'zod';
import { NoticeListSchema } from '#common/notice.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicNoticesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/notices',
    {
      schema: {
        tags: ['public'],
        summary: 'All notices, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
        response: { 200: NoticeListSchema },
      },
    },
    async (request) => ({ notices: await app.services.notices.list(request.query.limit) }),
  );
};
