import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Db } from '#server/db/db.ts';
import { parseEnv } from '#server/env.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { openTestDb } from '#server/test-support/test-database.ts';
import { hashToken } from './auth.service.ts';

const EMAIL = 'Admin@Orbit.test';
const PASSWORD = 'correct-horse-battery';
const ORIGIN = { origin: 'http://localhost:3000' };

let dataDir: string;
let db: Db;
let closeDb: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-auth-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_IP: '6',
    LOGIN_LOCKOUT_MINUTES: '1',
  });
  ({ db, cleanup: closeDb } = await openTestDb(dataDir));
  app = await buildApp({ env, db, storage: createLocalStorage(path.join(dataDir, 'uploads')), pages: false });
  await app.services.users.create(COMMAND_LINE_ACTOR, EMAIL, PASSWORD);
});

afterAll(async () => {
  await app.close();
  await closeDb();
  await fs.rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute();
  await db.deleteFrom('sessions').execute();
});

function login(email: string, password: string, ip = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: ORIGIN,
    remoteAddress: ip,
    payload: { email, password },
  });
}

async function signIn(): Promise<{ cookie: string; userToken: string }> {
  const res = await login(EMAIL, PASSWORD);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'orbit_session');
  return { cookie: `orbit_session=${cookie!.value}`, userToken: res.json<{ userToken: string }>().userToken };
}

/** Every route registered under /api/admin, whatever issue added it, from the OpenAPI description. */
function adminRoutes(): { method: string; url: string }[] {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths)
    .filter(([url]) => url.startsWith('/api/admin/'))
    .flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{[^}]+\}/gu, 'x') })),
    );
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case, and sets an HttpOnly SameSite=Strict cookie', async () => {
    const res = await login('admin@orbit.TEST', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ userToken: string; email: string }>();
    expect(body.email).toBe('admin@orbit.test');
    const cookie = res.cookies.find((c) => c.name === 'orbit_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/u);
    expect(body.userToken).not.toBe(cookie.value);
  });

  it('issues a new session at every login', async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a.cookie).not.toBe(b.cookie);
    expect(a.userToken).not.toBe(b.userToken);
  });

  it('answers the same auth/invalid-credential for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login(EMAIL, 'not-the-password');
    const unknownUser = await login('nobody@orbit.test', 'not-the-password', '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownUser.json());
    expect(wrongPassword.json()).toMatchObject({ error: { code: 'auth/invalid-credential' } });
  });

  it('answers auth/invalid-email and auth/missing-password for malformed input', async () => {
    expect((await login('not-an-email', 'x')).json()).toMatchObject({ error: { code: 'auth/invalid-email' } });
    expect((await login(EMAIL, '')).json()).toMatchObject({ error: { code: 'auth/missing-password' } });
  });

  it('throttles an account after the configured failures, with Retry-After, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await login(EMAIL, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(EMAIL, PASSWORD, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('throttles an address trying many accounts', async () => {
    for (let i = 0; i < 6; i++) await login(`user${i}@orbit.test`, 'wrong-password', '10.2.0.1');
    expect((await login(EMAIL, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(EMAIL, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('recovers when the lockout window has passed', async () => {
    for (let i = 0; i < 3; i++) await login(EMAIL, 'wrong-password');
    expect((await login(EMAIL, PASSWORD)).statusCode).toBe(429);
    await db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await login(EMAIL, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a login posted from another origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'auth/cross-origin' } });
  });

  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site: same-origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    const fetchSite = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(fetchSite.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('stores only a SHA-256 of the secret, so the stored row holds no usable token', async () => {
    const { cookie, userToken } = await signIn();
    const secret = cookie.split('=')[1]!;
    const rows = await db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(userToken);
    expect(row.token_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const replayHash = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: `orbit_session=${row.token_hash}` },
    });
    expect(replayHash.statusCode).toBe(401);
  });

  it('GET /api/auth/session answers the session with the cookie and 401 without it', async () => {
    const { cookie, userToken } = await signIn();
    const ok = await app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userToken, email: 'admin@orbit.test' });
    expect((await app.inject({ url: '/api/auth/session' })).statusCode).toBe(401);
  });

  it('the public userToken alone grants nothing', async () => {
    const { userToken } = await signIn();
    for (const headers of [
      { cookie: `orbit_session=${userToken}` },
      { authorization: `Bearer ${userToken}` },
      { cookie: `userToken=${userToken}` },
    ]) {
      expect((await app.inject({ url: '/api/auth/session', headers })).statusCode).toBe(401);
    }
  });

  it('logout deletes the session on the server and clears the cookie', async () => {
    const { cookie } = await signIn();
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...ORIGIN, cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'orbit_session')?.value).toBe('');
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    expect((await app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('an idle-expired or absolutely-expired session is refused and removed', async () => {
    for (const column of ['idle_expires_at', 'absolute_expires_at'] as const) {
      const { cookie } = await signIn();
      await db
        .updateTable('sessions')
        .set({ [column]: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
      expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    }
  });

  it('changing the password ends every session of that admin', async () => {
    const { cookie } = await signIn();
    await app.services.users.setPassword(
      COMMAND_LINE_ACTOR,
      (await app.services.users.findByEmail(EMAIL))!.id,
      PASSWORD,
    );
    expect((await app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('admin routes', () => {
  it('every /api/admin route answers 401 without a session, with a malformed cookie, after logout and when expired', async () => {
    const routes = adminRoutes();
    const { cookie: loggedOut } = await signIn();
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...ORIGIN, cookie: loggedOut } });
    const { cookie: expired } = await signIn();
    await db
      .updateTable('sessions')
      .set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const variants: Record<string, string | undefined> = {
      'no cookie': undefined,
      malformed: 'orbit_session=%%%not-a-token',
      'wrong secret': `orbit_session=${'A'.repeat(43)}`,
      'logged out': loggedOut,
      expired,
    };
    // A probe route proves the check also covers routes that a later issue adds.
    const probe = { method: 'GET', url: '/api/admin/does-not-exist' };
    for (const route of [...routes, probe]) {
      for (const [name, cookie] of Object.entries(variants)) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
        });
        expect(res.statusCode, `${route.method} ${route.url} (${name})`).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'auth/unauthenticated' } });
      }
    }
  });

  it('an /admin document is redirected to /login without a session', async () => {
    const res = await app.inject({ url: '/admin/featured' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});
