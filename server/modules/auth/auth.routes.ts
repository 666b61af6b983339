import { z } from 'zod';
import { RoleSchema } from '#common/roles.ts';
import { currentAdmin } from '#server/auth/auth-plugin.ts';
import { pendingSignInCookie, signInCookies } from '#server/auth/session-cookie.ts';
import { unauthorized } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';
import { clientOf } from '#server/auth/actor.ts';

const SignedInSchema = z.object({
  userToken: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
});
const LoginBodySchema = z.object({ email: z.string().max(320), password: z.string().max(1024) });
const CodeRequiredSchema = z.object({
  /** The password was right; POST /api/auth/login/code with a 6-digit or recovery code finishes the sign-in. */
  twoFactorRequired: z.literal(true),
});
const CodeBodySchema = z.object({ code: z.string().max(64) });

export const authRoutes: ApiPlugin = async (app) => {
  const { auth, cookie } = app.authSettings;
  const pending = pendingSignInCookie(cookie);
  // The same cookies as the login page's action sets (server/load-context.ts).
  const cookiesOf = (outcome: Parameters<typeof signInCookies>[2]) =>
    signInCookies(app.serializeCookie, cookie, outcome);
  const clearOptions = { path: '/', secure: cookie.options.secure ?? false, sameSite: 'strict' } as const;

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in; sets the HttpOnly session cookie and returns the public session identifier, or, for an account with two-factor on, a pending sign-in cookie and twoFactorRequired',
        body: LoginBodySchema,
        response: { 200: z.union([SignedInSchema, CodeRequiredSchema]) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await auth.login(email, password, clientOf(request));
      reply.header('set-cookie', cookiesOf(result));
      if ('pendingSecret' in result) return { twoFactorRequired: true as const };
      const { secret: _secret, ...signedIn } = result;
      return signedIn;
    },
  );

  app.post(
    '/auth/login/code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a two-factor sign-in: a 6-digit or recovery code with the pending sign-in cookie',
        body: CodeBodySchema,
        response: { 200: SignedInSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.completeSignIn(request.cookies[pending.name], request.body.code, clientOf(request));
      reply.header('set-cookie', cookiesOf(session));
      const { secret: _secret, ...signedIn } = session;
      return signedIn;
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: deletes the session on the server', response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(request.cookies[cookie.name], request.ip);
      reply.clearCookie(cookie.name, clearOptions);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], summary: 'The current session, or 401', response: { 200: SignedInSchema } } },
    async (request) => {
      const signedIn = await currentAdmin(request);
      if (!signedIn) throw unauthorized();
      return signedIn;
    },
  );
};
