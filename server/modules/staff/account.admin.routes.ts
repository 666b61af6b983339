import { z } from 'zod';
import { ChangePasswordSchema } from '#common/accounts/staff.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

const SessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  address: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});

/** The signed-in person's own account (everyone), under /api/admin. */
export const adminAccountRoutes: ApiPlugin = async (app) => {
  const { account } = app.services;
  const everyone = { action: 'account.own' } as const;

  app.put(
    '/account/password',
    {
      config: everyone,
      schema: {
        tags: ['admin'],
        summary: 'Change your own password (the current one is required); your other sessions end',
        body: ChangePasswordSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await account.changePassword(await requestActor(request), request.body, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/account/sessions',
    {
      config: everyone,
      schema: {
        tags: ['admin'],
        summary: 'Your active sessions: device, address, last used',
        response: { 200: z.object({ sessions: z.array(SessionSchema) }) },
      },
    },
    async (request) => {
      return { sessions: await account.sessions(await requestActor(request)) };
    },
  );

  app.delete(
    '/account/sessions/others',
    {
      config: everyone,
      schema: {
        tags: ['admin'],
        summary: 'Sign out everywhere else: every session of yours but this one ends',
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) => {
      return { ended: await account.signOutElsewhere(await requestActor(request)) };
    },
  );
};
