import type { SerializeOptions } from '@fastify/cookie';

/** The session secret travels only in this cookie: HttpOnly, SameSite=Strict, `__Host-` and Secure over HTTPS. */
export function sessionCookieSettings(siteUrl: string, maxAgeSeconds: number) {
  const secure = siteUrl.startsWith('https://');
  const options: SerializeOptions = { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: maxAgeSeconds };
  return { name: secure ? '__Host-orbit_session' : 'orbit_session', options };
}
export type SessionCookieSettings = ReturnType<typeof sessionCookieSettings>;

/** How long the pending sign-in's cookie lives (a code is due within it). */
const PENDING_COOKIE_SECONDS = 5 * 60;

/**
 * The cookie of a sign-in whose password was right and whose two-factor code is due: it binds the code
 * step to the browser that gave the password. Same flags as the session's, a few minutes long.
 */
export function pendingSignInCookie(session: SessionCookieSettings): SessionCookieSettings {
  return {
    name: session.name.replace('orbit_session', 'orbit_pending_sign_in'),
    options: { ...session.options, maxAge: PENDING_COOKIE_SECONDS },
  };
}

type SerializeCookie = (name: string, value: string, options: SerializeOptions) => string;

/**
 * The Set-Cookie values of a sign-in step, whichever way it came (the login page's action or
 * POST /api/auth/login): the one place a session's cookie is written. A right password on an account with
 * two-factor on gives the pending sign-in's cookie; a session (either step) ends any pending sign-in.
 */
export function signInCookies(
  serialize: SerializeCookie,
  session: SessionCookieSettings,
  outcome: { secret: string } | { pendingSecret: string },
): string[] {
  const pending = pendingSignInCookie(session);
  if ('pendingSecret' in outcome) return [serialize(pending.name, outcome.pendingSecret, pending.options)];
  return [
    serialize(pending.name, '', { ...pending.options, maxAge: 0, expires: new Date(0) }),
    serialize(session.name, outcome.secret, session.options),
  ];
}
