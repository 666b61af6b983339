import { z } from 'zod';
import {
  RecoveryCodesSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '#common/accounts/two-factor.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

/** The signed-in person's own two-factor sign-in, under /api/admin/account/two-factor; the site-wide rule for owners. */
export const adminTwoFactorRoutes: ApiPlugin = async (app) => {
  const twoFactor = app.services.twoFactor;
  const tags = ['admin'];

  app.get(
    '/account/two-factor',
    {
      config: { action: 'account.own' },
      schema: { tags, summary: 'Whether two-factor sign-in is on for me', response: { 200: TwoFactorStatusSchema } },
    },
    async (request) => twoFactor.status(await requestActor(request)),
  );

  app.post(
    '/account/two-factor/setup',
    {
      config: { action: 'account.own' },
      schema: {
        tags,
        summary: 'A new secret and its QR code (SVG); two-factor stays off until confirmed',
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (request) => twoFactor.begin(await requestActor(request)),
  );

  app.post(
    '/account/two-factor/confirm',
    {
      config: { action: 'account.own' },
      schema: {
        tags,
        summary: 'The first code turns two-factor on; answers the 10 recovery codes, shown this once',
        body: z.object({ code: TwoFactorCodeSchema }),
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request) => twoFactor.confirm(await requestActor(request), request.body.code),
  );

  app.post(
    '/account/two-factor/disable',
    {
      config: { action: 'account.own' },
      schema: {
        tags,
        summary: 'Turns two-factor off; needs the password, a current code or a recovery code',
        body: z.object({ proof: z.string().min(1).max(1024) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(await requestActor(request), request.body.proof);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/two-factor-required',
    {
      config: { action: 'staff.manage' },
      schema: {
        tags,
        summary: 'Require two-factor sign-in of every account (owners)',
        body: z.object({ required: z.boolean() }),
        response: { 200: z.object({ required: z.boolean() }) },
      },
    },
    async (request) => {
      await twoFactor.setRequired(await requestActor(request), request.body.required);
      return { required: request.body.required };
    },
  );
};
