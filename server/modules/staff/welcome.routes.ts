import { z } from 'zod';
import {
  FirstOwnerSchema,
  ForgotPasswordSchema,
  LinkInfoSchema,
  RESET_ASKED,
  SetPasswordSchema,
} from '#common/accounts/staff.ts';
import type { ApiPlugin } from '#server/http.ts';

const TokenParams = z.object({ token: z.string().max(64) });

/**
 * One-time links, opened by people who have no session yet: a new account or a reset sets its password,
 * a fresh install's link creates the first owner. The token is the credential; 410 once it cannot be used.
 */
export const welcomeRoutes: ApiPlugin = async (app) => {
  const { staff } = app.services;

  app.get(
    '/welcome/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'What a one-time link is for (410 link/invalid when used, expired or replaced)',
        params: TokenParams,
        response: { 200: LinkInfoSchema },
      },
    },
    async (request) => staff.inspectLink(request.params.token),
  );

  app.post(
    '/welcome/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Use a one-time link: set the account’s password, or create the first owner',
        params: TokenParams,
        body: z.union([FirstOwnerSchema, SetPasswordSchema]),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('email' in body) await staff.createFirstOwner(request.params.token, body, request.ip);
      else await staff.setPasswordWithLink(request.params.token, body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Forgot your password: e-mails a one-time reset link to the account of this address, if there is one that can sign in; the same answer either way (409 reset/no-email without SMTP_URL, 429 when asked too often)',
        body: ForgotPasswordSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await staff.forgotPassword(request.body, request.ip);
      return reply.status(202).send({ message: RESET_ASKED });
    },
  );
};
