import { z } from 'zod';
import { NoticeInputSchema, NoticeSchema } from '#common/notice.ts';
import type { ApiPlugin } from '#server/http.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Notices for signed-in admins, under /api/admin (see server/modules/admin-routes.ts). */
export const adminNoticesRoutes: ApiPlugin = async (app) => {
  app.post(
    '/notices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a notice; createdDate is set by the server',
        body: NoticeInputSchema,
        response: { 201: NoticeSchema },
      },
    },
    async (request, reply) => {
      // The body was validated and trimmed by the same schema; the service checks it once more.
      const { title, description, link } = request.body;
      const notice = await app.services.notices.create({ title, description, link: link ?? undefined });
      return reply.status(201).send(notice);
    },
  );

  app.delete(
    '/notices/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a notice (404 when it is already gone)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.notices.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
