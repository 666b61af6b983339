import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { SAME_ORIGIN } from '#server/test-support/admin-session.ts';
import { createTestDb } from '#server/test-support/test-app.ts';

// The app with its real logger (the production serializers, every level) writing into memory.
const lines: string[] = [];
let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const testDb = await createTestDb();
  cleanup = testDb.cleanup;
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: testDb.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'trace' });
  const storage = createLocalStorage(`${testDb.dataDir}/uploads`);
  app = await buildApp({ env, db: testDb.db, storage, pages: false, logStream: { write: (line) => lines.push(line) } });
}, 60_000);
afterAll(async () => {
  await app.close();
  await cleanup();
});

const PASSWORD = 'a passphrase for the log test';

it('logs neither the token of a one-time link nor the password set with it, nor a query string', async () => {
  const owner = await app.services.staff.firstOwnerLink();
  await app.services.staff.createFirstOwner(
    owner!.path.replace('/welcome/', ''),
    {
      name: 'Principal',
      email: 'principal@orbit.test',
      password: 'the first owner passphrase',
    },
    '127.0.0.1',
  );
  const { link } = await app.services.staff.add(COMMAND_LINE_ACTOR, {
    name: 'Clerk',
    email: 'clerk@orbit.test',
    role: 'editor',
  });
  const token = link.path.replace('/welcome/', '');
  const dateOfBirth = '2008-05-17';

  expect((await app.inject({ method: 'GET', url: `/api/welcome/${token}` })).statusCode).toBe(200);
  // The page's address (no pages in this app: Fastify's 404, which logs its address) and a query.
  expect((await app.inject({ method: 'GET', url: `/welcome/${token}?dob=${dateOfBirth}` })).statusCode).toBe(404);
  const usesLink = (password: string) =>
    app.inject({ method: 'POST', url: `/api/welcome/${token}`, headers: SAME_ORIGIN, payload: { password } });
  expect((await usesLink('1qaz2wsx3edc')).statusCode).toBe(400);
  expect((await usesLink(PASSWORD)).statusCode).toBe(204);
  expect((await usesLink(PASSWORD)).statusCode).toBe(410);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    payload: { email: 'clerk@orbit.test', password: PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);

  const log = lines.join('');
  // The requests were logged, with their addresses redacted.
  expect(log).toContain('"url":"/api/welcome/<redacted>"');
  expect(log).toContain('"url":"/welcome/<redacted>?<redacted>"');
  expect(log).not.toContain(token);
  expect(log).not.toContain(PASSWORD);
  expect(log).not.toContain('1qaz2wsx3edc');
  expect(log).not.toContain(dateOfBirth);
});
