import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessionCookieSettings, signInCookies } from './session-cookie.ts';

// The one function that writes a sign-in's cookies, for the login page's action and POST /api/auth/login.
const app = Fastify();
await app.register(fastifyCookie);
const serialize = app.serializeCookie;

describe('signInCookies', () => {
  it('sets the HttpOnly, SameSite=Strict session cookie and ends any pending sign-in', () => {
    const settings = sessionCookieSettings('http://localhost:3000', 3600);
    const [pending, session] = signInCookies(serialize, settings, { secret: 's'.repeat(43) });
    expect(session).toBe(`orbit_session=${'s'.repeat(43)}; Max-Age=3600; Path=/; HttpOnly; SameSite=Strict`);
    expect(pending).toMatch(/^orbit_pending_sign_in=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT;/u);
  });

  it('sets only the pending sign-in cookie, for five minutes, when a two-factor code is due', () => {
    const settings = sessionCookieSettings('http://localhost:3000', 3600);
    expect(signInCookies(serialize, settings, { pendingSecret: 'p'.repeat(43) })).toEqual([
      `orbit_pending_sign_in=${'p'.repeat(43)}; Max-Age=300; Path=/; HttpOnly; SameSite=Strict`,
    ]);
  });

  it('uses the __Host- names and Secure over https', () => {
    const settings = sessionCookieSettings('https://orbit.edu.np', 3600);
    const cookies = signInCookies(serialize, settings, { secret: 'x' });
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['__Host-orbit_pending_sign_in', '__Host-orbit_session']);
    for (const cookie of cookies) expect(cookie).toContain('; Secure');
  });
});
