import { type Insertable, sql } from 'kysely';
import { KEEPER_ROLES } from '#common/policy.ts';
import type { Role } from '#common/roles.ts';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { UserRow, UsersTable } from '#server/db/schema.ts';

/** E-mail addresses are stored trimmed and lower-cased, so the unique index is case-insensitive. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function anyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').executeTakeFirst()) !== undefined;
}

/** Every account, oldest first. */
export function listAccounts(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email').execute();
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...row, email: normaliseEmail(row.email) })
    .execute();
}

export async function updatePassword(db: Db, id: string, passwordHash: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function updateRole(db: Db, id: string, role: Role, updatedAt: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function updateDisabledAt(
  db: Db,
  id: string,
  disabledAt: string | null,
  updatedAt: string,
): Promise<void> {
  await db.updateTable('users').set({ disabled_at: disabledAt, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function recordSignIn(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Whether any other account than `userId` that keeps the site (an owner: it may manage staff) can still sign in. */
export async function anotherActiveOwner(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', KEEPER_ROLES)
    .where('disabled_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every change that can leave the site without an owner runs one at a time: otherwise two owners demoting
 * or disabling each other at the same moment would each still see the other as an active owner, and both
 * changes would be made. SQLite's transactions hold the write lock from their BEGIN, so they already do;
 * PostgreSQL's read-committed transactions take this transaction-scoped lock first. Call it inside the
 * transaction, before the account is read.
 */
export async function oneOwnerChangeAtATime(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('orbit:owners'))`.execute(trx);
}
