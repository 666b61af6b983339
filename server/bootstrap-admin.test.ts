import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from './auth/password.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { EnvError } from './env.ts';
import { createAccountsService } from './modules/auth/index.ts';
import { openTestDb } from './test-support/test-database.ts';
import { systemClock } from './clock.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-bootstrap-'));
const { db, cleanup } = await openTestDb(dataDir);
afterAll(async () => {
  await cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('bootstrapAdmin', () => {
  const accounts = createAccountsService(db, systemClock);
  const log = Fastify({ logger: false }).log;
  const hashOf = async () => (await accounts.findByEmail('boss@orbit.test'))!.password_hash;

  it('creates the owner from ADMIN_EMAIL and ADMIN_PASSWORD once, and never overwrites its password', async () => {
    await bootstrapAdmin(accounts, 'boss@orbit.test', 'first-password-123', log);
    expect(await verifyPassword('first-password-123', await hashOf())).toBe(true);
    expect((await accounts.findByEmail('boss@orbit.test'))?.role).toBe('owner');
    await bootstrapAdmin(accounts, 'boss@orbit.test', 'second-password-456', log);
    expect(await verifyPassword('first-password-123', await hashOf())).toBe(true);
  });

  it('does nothing without both variables', async () => {
    await bootstrapAdmin(accounts, undefined, undefined, log);
    expect(await accounts.all()).toHaveLength(1);
  });

  it('refuses to start with a common ADMIN_PASSWORD, as every other way of making an account does', async () => {
    const start = bootstrapAdmin(accounts, 'second@orbit.test', 'password1234', log);
    await expect(start).rejects.toBeInstanceOf(EnvError);
    await expect(start).rejects.toThrow(/ADMIN_PASSWORD: This password is one of the most common ones/u);
    expect(await accounts.exists('second@orbit.test')).toBe(false);
  });
});
