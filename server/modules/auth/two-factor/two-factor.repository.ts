import type { Db } from '#server/db/db.ts';

export async function setPendingSecret(db: Db, userId: string, sealed: string | null): Promise<void> {
  await db.updateTable('users').set({ two_factor_pending_secret: sealed }).where('id', '=', userId).execute();
}

export async function turnOn(db: Db, userId: string, sealed: string, step: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      two_factor_secret: sealed,
      two_factor_pending_secret: null,
      two_factor_enabled_at: at,
      two_factor_last_step: step,
    })
    .where('id', '=', userId)
    .execute();
}

/** Turns two-factor off and forgets the secret and every recovery code. True when it was on. */
export async function turnOff(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_enabled_at: null,
      two_factor_last_step: null,
    })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is not', null)
    .executeTakeFirst();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records that a code of time step `step` was used, only if no code of that step or a later one was:
 * of two requests with the same code, one wins. True when this one did.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null })))
    .execute();
}

/** Marks an unused recovery code of this account used; true when it was there and unused (a code works once). */
export async function useRecoveryCode(db: Db, userId: string, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPendingSignIn(db: Db, tokenHash: string, userId: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('pending_sign_ins')
    .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
    .execute();
}

export function findPendingSignIn(db: Db, tokenHash: string) {
  return db.selectFrom('pending_sign_ins').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deletePendingSignIn(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_sign_ins').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpiredPendingSignIns(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('expires_at', '<=', nowIso).execute();
}

const REQUIRE_SETTING = 'require-two-factor';

export async function isTwoFactorRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('auth_settings')
    .select('value')
    .where('name', '=', REQUIRE_SETTING)
    .executeTakeFirst();
  return row?.value === 'true';
}

export async function setTwoFactorRequired(db: Db, required: boolean, at: string): Promise<void> {
  await db
    .insertInto('auth_settings')
    .values({ name: REQUIRE_SETTING, value: String(required), updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(required), updated_at: at }))
    .execute();
}
