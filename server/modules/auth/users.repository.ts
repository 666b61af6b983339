import type { Db } from '#server/db/db.ts';
import type { Insertable } from 'kysely';
import type { UserRow, UsersTable } from '#server/db/schema.ts';

/** E-mail addresses are stored trimmed and lower-cased, so the unique index is case-insensitive. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function recordSignIn(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export function listUsers(db: Db): Promise<Pick<UserRow, 'email' | 'role' | 'created_at'>[]> {
  return db.selectFrom('users').select(['email', 'role', 'created_at']).orderBy('email').execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
