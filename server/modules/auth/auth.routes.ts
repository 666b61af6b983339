import { z } from 'zod';
import { RoleSchema } from '#common/roles.ts';
import { currentAdmin } from '#server/auth/auth-plugin.ts';
import { unauthorized } from '#server/errors.ts';
import type { ApiPlugin } from '#server/http.ts';

const SignedInSchema = z.object({
  userToken: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
});
const LoginBodySchema = z.object({ email: z.string().max(320), password: z.string().max(1024) });

export const authRoutes: ApiPlugin = async (app) => {
  const { auth, cookie } = app.authSettings;

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; sets the HttpOnly session cookie and returns the public session identifier',
        body: LoginBodySchema,
        response: { 200: SignedInSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const session = await auth.login(email, password, request.ip);
      reply.setCookie(cookie.name, session.secret, cookie.options);
      const { secret: _secret, ...signedIn } = session;
      return signedIn;
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: deletes the session on the server', response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(request.cookies[cookie.name]);
      reply.clearCookie(cookie.name, { path: '/', secure: cookie.options.secure ?? false, sameSite: 'strict' });
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
