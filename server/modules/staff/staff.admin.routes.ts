import { z } from 'zod';
import { RoleSchema } from '#common/roles.ts';
import { NewStaffSchema, StaffAccountSchema, StaffLinkSchema } from '#common/accounts/staff.ts';
import { type ApiPlugin, IdParams } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';

/** Staff accounts, for owners, under /api/admin. */
export const adminStaffRoutes: ApiPlugin = async (app) => {
  const { staff } = app.services;
  const owner = { action: 'staff.manage' } as const;

  app.get(
    '/staff',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Every staff account',
        response: { 200: z.object({ accounts: z.array(StaffAccountSchema) }) },
      },
    },
    async (request) => ({ accounts: await staff.list(await requestActor(request)) }),
  );

  app.post(
    '/staff',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Add a person; answers the one-time link (valid 72 hours) with which they set their password',
        body: NewStaffSchema,
        response: { 201: z.object({ id: z.string(), link: StaffLinkSchema }) },
      },
    },
    async (request, reply) => reply.status(201).send(await staff.add(await requestActor(request), request.body)),
  );

  app.put(
    '/staff/:id/role',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Change an account’s role (the last owner who can sign in stays an owner: 409)',
        params: IdParams,
        body: z.object({ role: RoleSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await staff.setRole(await requestActor(request), request.params.id, request.body.role);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/staff/:id/disabled',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Disable an account (its sessions end at once) or enable it again',
        params: IdParams,
        body: z.object({ disabled: z.boolean() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await staff.setDisabled(await requestActor(request), request.params.id, request.body.disabled);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/:id/reset',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Reset a password: the old one and older links stop working, sessions end, a new link is made',
        params: IdParams,
        response: { 200: StaffLinkSchema },
      },
    },
    async (request) => staff.resetPassword(await requestActor(request), request.params.id),
  );

  app.delete(
    '/staff/:id',
    {
      config: owner,
      schema: {
        tags: ['admin'],
        summary: 'Delete an account (not the last owner who can sign in)',
        params: IdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await staff.remove(await requestActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
