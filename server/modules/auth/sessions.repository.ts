import type { Db } from '#server/db/db.ts';
import type { SessionRow, SessionsTable } from '#server/db/schema.ts';

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, lastUsedAt: string, idleExpiresAt: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: lastUsedAt, idle_expires_at: idleExpiresAt })
    .where('id', '=', id)
    .execute();
}

/** Returns whether a session was deleted. */
export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, nowIso: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('idle_expires_at', '<=', nowIso), eb('absolute_expires_at', '<=', nowIso)]))
    .execute();
}

/** Deletes the account's sessions except `keepId`; returns how many ended. */
export async function deleteOtherSessionsOfUser(db: Db, userId: string, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The account's sessions not yet idle, most recently used first. */
export function listLiveSessionsOfUser(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<Pick<SessionRow, 'id' | 'user_agent' | 'address' | 'last_used_at'>[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'address', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('idle_expires_at', '>', nowIso)
    .orderBy('last_used_at', 'desc')
    .execute();
}
