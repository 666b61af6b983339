import type { Db } from '#server/db/db.ts';

/** Stores `value` under `name` unless a secret is there already (another process may have been first). */
export async function insertSecretIfAbsent(db: Db, name: string, value: string, createdAt: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: createdAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function findSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}
