import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/password.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { createUserAdmin } from './modules/auth/auth.service.ts';
import { openTestDb } from './test-support/test-database.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-bootstrap-'));
const { db, cleanup } = await openTestDb(dataDir);
afterAll(async () => {
  await cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('bootstrapAdmin', () => {
  const users = createUserAdmin(db);
  const log = Fastify({ logger: false }).log;
  const hashOf = async () =>
    (
      await db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'boss@orbit.test')
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD once, and never overwrites its password', async () => {
    await bootstrapAdmin(users, 'boss@orbit.test', 'first-password-123', log);
    expect(await verifyPassword('first-password-123', await hashOf())).toBe(true);
    await bootstrapAdmin(users, 'boss@orbit.test', 'second-password-456', log);
    expect(await verifyPassword('first-password-123', await hashOf())).toBe(true);
  });

  it('does nothing without both variables', async () => {
    await bootstrapAdmin(users, undefined, undefined, log);
    expect(await users.list()).toHaveLength(1);
  });
});
