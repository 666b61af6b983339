import { z } from 'zod';
import { InquirySchema } from '#common/inquiry.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';

/** The contact form's messages for signed-in admins, under /api/admin. */
export const adminInquiriesRoutes: ApiPlugin = async (app) => {
  app.get(
    '/inquiries',
    {
      config: { action: 'inquiries.handle' },
      schema: {
        tags: ['admin'],
        summary: 'All inquiries, newest first, with the number not yet handled',
        response: { 200: z.object({ inquiries: z.array(InquirySchema), unhandled: z.number().int().min(0) }) },
      },
    },
    async (request) => {
      const [inquiries, unhandled] = await Promise.all([
        app.services.inquiries.list(await requestActor(request)),
        app.services.inquiries.countUnhandled(),
      ]);
      return { inquiries, unhandled };
    },
  );

  app.patch(
    '/inquiries/:id',
    {
      config: { action: 'inquiries.handle' },
      schema: {
        tags: ['admin'],
        summary: 'Mark an inquiry handled or unread',
        params: IdParams,
        body: z.object({ handled: z.boolean() }),
        response: { 200: InquirySchema },
      },
    },
    async (request) =>
      app.services.inquiries.setHandled(await requestActor(request), request.params.id, request.body.handled),
  );

  app.delete(
    '/inquiries/:id',
    {
      config: { action: 'inquiries.handle' },
      schema: {
        tags: ['admin'],
        summary: 'Delete an inquiry (404 when it is already gone)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.inquiries.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
