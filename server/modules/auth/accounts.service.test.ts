import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '#common/email.ts';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '#common/accounts/password-rules.ts';
import { verifyPassword } from '#server/auth/password.ts';
import { systemClock } from '#server/clock.ts';
import { openTestDb } from '#server/test-support/test-database.ts';
import { createStaffService } from '../staff/index.ts';
import { createAccountsService } from './accounts.service.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-accounts-'));
const { db, cleanup } = await openTestDb(dataDir);
afterAll(async () => {
  await cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const accounts = createAccountsService(db, systemClock);
const staff = createStaffService(db, systemClock, accounts);
const OWNER = 'owner@orbit.test';
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: { code?: string; message?: string }) => ({ code: err.code, message: err.message }),
  );

describe('accounts: one set of rules for every way an account is made or changed', () => {
  it('refuses a short or common password and a malformed address when an account is made', async () => {
    expect(await refusalOf(accounts.create(COMMAND_LINE_ACTOR, OWNER, 'short-one'))).toEqual({
      code: 'password/too-short',
      message: PASSWORD_TOO_SHORT,
    });
    for (const password of ['password1234', 'PASSWORD1234', 'dragon123456']) {
      expect(await refusalOf(accounts.create(COMMAND_LINE_ACTOR, OWNER, password)), password).toEqual({
        code: 'password/too-common',
        message: PASSWORD_TOO_COMMON,
      });
    }
    expect(await refusalOf(accounts.create(COMMAND_LINE_ACTOR, 'owner@localhost', 'a-very-long-password'))).toEqual({
      code: 'validation',
      message: EMAIL_MESSAGE,
    });
    expect(await accounts.any()).toBe(false);
  });

  it('makes an owner by default, and refuses the same address in any case', async () => {
    const id = await accounts.create(COMMAND_LINE_ACTOR, ' Owner@Orbit.test ', 'a-very-long-password');
    expect(await accounts.findById(id)).toMatchObject({ email: OWNER, role: 'owner' });
    expect(
      await refusalOf(accounts.create(COMMAND_LINE_ACTOR, 'OWNER@orbit.test', 'another-long-password')),
    ).toMatchObject({
      code: 'staff/email-taken',
    });
  });

  it('refuses a common password when a password is changed, and leaves the old one', async () => {
    const owner = (await accounts.findByEmail(OWNER))!;
    expect(await refusalOf(accounts.setPassword(COMMAND_LINE_ACTOR, owner.id, 'password1234'))).toMatchObject({
      code: 'password/too-common',
    });
    expect(await verifyPassword('a-very-long-password', (await accounts.findById(owner.id))!.password_hash)).toBe(true);
  });

  it('never demotes, disables or deletes the last owner who can sign in, through the accounts or the staff service', async () => {
    const owner = (await accounts.findByEmail(OWNER))!;
    const lastOwner = { code: 'staff/last-owner', message: expect.any(String) };
    expect(await refusalOf(accounts.setRole(COMMAND_LINE_ACTOR, owner.id, 'editor'))).toEqual(lastOwner);
    expect(await refusalOf(accounts.setDisabled(COMMAND_LINE_ACTOR, owner.id, true))).toEqual(lastOwner);
    expect(await refusalOf(accounts.remove(COMMAND_LINE_ACTOR, owner.id))).toEqual(lastOwner);
    expect(await refusalOf(staff.setRole(COMMAND_LINE_ACTOR, owner.id, 'editor'))).toEqual(lastOwner);
    expect(await refusalOf(staff.setDisabled(COMMAND_LINE_ACTOR, owner.id, true))).toEqual(lastOwner);
    expect(await refusalOf(staff.remove(COMMAND_LINE_ACTOR, owner.id))).toEqual(lastOwner);
    expect(await accounts.findById(owner.id)).toMatchObject({ role: 'owner', disabled_at: null });

    // An editor does not count; a second owner who can sign in does.
    const editor = await accounts.create(COMMAND_LINE_ACTOR, 'editor@orbit.test', 'an-editor-password', {
      role: 'editor',
    });
    expect(await refusalOf(accounts.remove(COMMAND_LINE_ACTOR, owner.id))).toEqual(lastOwner);
    await accounts.setRole(COMMAND_LINE_ACTOR, editor, 'owner');
    await accounts.setRole(COMMAND_LINE_ACTOR, owner.id, 'editor');
    expect(await refusalOf(accounts.remove(COMMAND_LINE_ACTOR, editor))).toEqual(lastOwner);
    await accounts.remove(COMMAND_LINE_ACTOR, owner.id);
    expect(await accounts.all()).toHaveLength(1);
  });
});
