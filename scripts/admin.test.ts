import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON } from '#common/accounts/password-rules.ts';
import { openDb } from '#server/db/db.ts';
import { verifyPassword } from '#server/auth/password.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-cli-'));
// With DATABASE_URL (the PostgreSQL pass) the CLI works on a fresh database of its own.
const server = testDatabaseServer();
const scratch = server ? await createScratchDatabase(server) : undefined;
afterAll(async () => {
  await scratch?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function admin(args: string[], stdin = '') {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', NODE_ENV: 'production' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function storedHash(email: string): Promise<string | undefined> {
  const db = openDb({ dataDir, databaseUrl: scratch?.url });
  try {
    return (await db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirst())
      ?.password_hash;
  } finally {
    await db.destroy();
  }
}

// Each command is a process of its own (tsx, migrations, scrypt): several in one test take a while on a busy machine.
describe('npm run admin', { timeout: 120_000 }, () => {
  it('owner-link prints a one-time first-owner link at SITE_URL while nobody has an account', () => {
    const link = admin(['owner-link']);
    expect(link.err).toBe('');
    expect(link.code).toBe(0);
    expect(link.out.trim()).toMatch(/^http:\/\/localhost:3000\/welcome\/[A-Za-z0-9_-]{20,}$/u);
  });

  it('creates an admin with a piped password, stored as an scrypt hash', async () => {
    const created = admin(['create', 'Office@Orbit.edu.np'], 'a-very-long-password\n');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    const hash = await storedHash('office@orbit.edu.np');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/u);
    expect(await verifyPassword('a-very-long-password', hash!)).toBe(true);
    expect(admin(['list']).out).toContain('office@orbit.edu.np');
  });

  it('refuses a password under 12 characters and a duplicate e-mail', () => {
    const short = admin(['create', 'short@orbit.edu.np'], 'elevenchars\n');
    expect(short.code).toBe(1);
    expect(short.err).toContain('at least 12 characters');
    const duplicate = admin(['create', 'OFFICE@orbit.edu.np'], 'another-long-password\n');
    expect(duplicate.code).toBe(1);
    expect(duplicate.err).toContain('already exists');
  });

  it('refuses a common password, or one with digits added, as staff links do; nothing is created or changed', async () => {
    for (const password of ['password1234', 'Qwertyuiop2025!']) {
      const common = admin(['create', 'common@orbit.edu.np'], `${password}\n`);
      expect(common.code, password).toBe(1);
      expect(common.err.trim()).toBe(PASSWORD_TOO_COMMON);
    }
    expect(await storedHash('common@orbit.edu.np')).toBeUndefined();

    const before = await storedHash('office@orbit.edu.np');
    const reset = admin(['set-password', 'office@orbit.edu.np'], 'password1234\n');
    expect(reset.code).toBe(1);
    expect(reset.err.trim()).toBe(PASSWORD_TOO_COMMON);
    expect(await storedHash('office@orbit.edu.np')).toBe(before);
  });

  it('sets a new password and deletes an admin, never the last owner who can sign in', async () => {
    expect(admin(['set-password', 'office@orbit.edu.np'], 'the-new-password-123\n').code).toBe(0);
    expect(await verifyPassword('the-new-password-123', (await storedHash('office@orbit.edu.np'))!)).toBe(true);
    const last = admin(['delete', 'office@orbit.edu.np']);
    expect(last.code).toBe(1);
    expect(last.err).toContain('office@orbit.edu.np is the only owner who can sign in');
    expect(await storedHash('office@orbit.edu.np')).toBeDefined();

    expect(admin(['create', 'principal@orbit.edu.np'], 'another-long-password\n').code).toBe(0);
    expect(admin(['delete', 'office@orbit.edu.np']).code).toBe(0);
    expect(await storedHash('office@orbit.edu.np')).toBeUndefined();
    expect(admin(['delete', 'office@orbit.edu.np']).err).toContain('No admin with e-mail office@orbit.edu.np');
  });

  it('reset-2fa turns two-factor off with an audit entry; an unknown e-mail is a plain error with exit code 1', async () => {
    expect(admin(['create', 'locked@orbit.edu.np'], 'a-very-long-password\n').code).toBe(0);
    const db = openDb({ dataDir, databaseUrl: scratch?.url });
    try {
      await db
        .updateTable('users')
        .set({
          two_factor_secret: 'v1.sealed',
          two_factor_enabled_at: new Date().toISOString(),
          two_factor_last_step: 1,
        })
        .where('email', '=', 'locked@orbit.edu.np')
        .execute();
      const reset = admin(['reset-2fa', 'Locked@orbit.edu.np']);
      expect(reset.code).toBe(0);
      expect(reset.out).toContain('Turned two-factor sign-in off for Locked@orbit.edu.np');
      const user = await db
        .selectFrom('users')
        .select(['two_factor_secret', 'two_factor_enabled_at'])
        .where('email', '=', 'locked@orbit.edu.np')
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ two_factor_secret: null, two_factor_enabled_at: null });
      const entry = await db
        .selectFrom('audit_log')
        .select(['actor_name', 'subject'])
        .where('kind', '=', 'two-factor-changed')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({
        actor_name: 'command line',
        subject: 'locked@orbit.edu.np: turned off from the command line',
      });
    } finally {
      await db.destroy();
    }
    expect(admin(['reset-2fa', 'locked@orbit.edu.np']).out).toContain('already off');
    const unknown = admin(['reset-2fa', 'nobody@orbit.edu.np']);
    expect(unknown.code).toBe(1);
    expect(unknown.err.trim()).toBe('No admin with e-mail nobody@orbit.edu.np.');
  });

  it('owner-link makes no link once an owner exists, and says so', () => {
    const link = admin(['owner-link']);
    expect(link.code).toBe(0);
    expect(link.out).toContain('An owner account exists already');
    expect(link.out).not.toContain('/welcome/');
  });

  it('prints the usage for an unknown command', () => {
    const res = admin(['bogus']);
    expect(res.code).toBe(2);
    expect(res.err).toContain('Usage: npm run admin');
  });
});
