import type { SerializeOptions } from '@fastify/cookie';

/** The session secret travels only in this cookie: HttpOnly, SameSite=Strict, `__Host-` and Secure over HTTPS. */
export function sessionCookieSettings(siteUrl: string, maxAgeSeconds: number) {
  const secure = siteUrl.startsWith('https://');
  const options: SerializeOptions = { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: maxAgeSeconds };
  return { name: secure ? '__Host-orbit_session' : 'orbit_session', options };
}
export type SessionCookieSettings = ReturnType<typeof sessionCookieSettings>;
