import { z } from 'zod';
import { NoticeInputSchema, NoticeListSchema, NoticeSchema } from '#common/notices/notice.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';
import { checkedNotice } from './notices.service.ts';

/** Notices for signed-in admins, under /api/admin (see server/modules/admin-routes.ts). */
export const adminNoticesRoutes: ApiPlugin = async (app) => {
  app.post(
    '/notices',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Create a notice; createdDate is set by the server',
        body: NoticeInputSchema,
        response: { 201: NoticeSchema },
      },
    },
    async (request, reply) => {
      // The body was parsed by the notice schema at the edge; the service takes it as parsed.
      const notice = await app.services.notices.create(await requestActor(request), checkedNotice(request.body));
      return reply.status(201).send(notice);
    },
  );

  app.get(
    '/notices',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Every notice, scheduled ones included, newest publish time first',
        response: { 200: NoticeListSchema },
      },
    },
    async () => ({ notices: await app.services.notices.listAll() }),
  );

  app.get(
    '/notices/:id',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: 'One notice (404 when it is gone)',
        params: IdParams,
        response: { 200: NoticeSchema },
      },
    },
    async (request) => app.services.notices.get(request.params.id),
  );

  app.put(
    '/notices/:id',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: "Replace a notice's fields (404, and nothing changed, when it was deleted meanwhile)",
        params: IdParams,
        body: NoticeInputSchema,
        response: { 200: NoticeSchema },
      },
    },
    async (request) =>
      app.services.notices.update(await requestActor(request), request.params.id, checkedNotice(request.body)),
  );

  app.delete(
    '/notices/:id',
    {
      config: { action: 'notices.edit' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a notice (404 when it is already gone)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.notices.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
