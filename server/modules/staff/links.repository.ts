import type { Db } from '#server/db/db.ts';
import type { OneTimeLinkRow, OneTimeLinksTable } from '#server/db/schema.ts';

export async function insertLink(db: Db, row: OneTimeLinksTable): Promise<void> {
  await db.insertInto('one_time_links').values(row).execute();
}

/** A link that may still be used: not used, not expired. */
export function findUsableLink(db: Db, tokenHash: string, nowIso: string): Promise<OneTimeLinkRow | undefined> {
  return db
    .selectFrom('one_time_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Marks a link used; false when another request used it first. */
export async function markUsed(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_links')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Every link of an account (a newer link, a disabled or deleted account makes the old ones void). */
export async function deleteLinksOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('one_time_links').where('user_id', '=', userId).execute();
}

export async function deleteFirstOwnerLinks(db: Db): Promise<void> {
  await db.deleteFrom('one_time_links').where('purpose', '=', 'first-owner').execute();
}

/** When each account's usable link expires, for the staff list ("waiting for the person"). */
export function usableLinkExpiries(db: Db, nowIso: string): Promise<{ user_id: string | null; expires_at: string }[]> {
  return db
    .selectFrom('one_time_links')
    .select(['user_id', 'expires_at'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .where('user_id', 'is not', null)
    .execute();
}
