import type { Db } from '#server/db/db.ts';
import type { ImportedItemsTable, OldAddressesTable } from '#server/db/schema.ts';

/** The items of `source` already brought over, by GUID: what each became. */
export async function importedByGuid(db: Db, source: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('imported_items')
    .select(['guid', 'target_id'])
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((r) => [r.guid, r.target_id]));
}

/** Records what items became; an item already recorded (a file two posts carry) keeps its first record. */
export async function insertImportedItems(db: Db, rows: readonly ImportedItemsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('imported_items')
    .values([...rows])
    .onConflict((oc) => oc.columns(['source', 'guid']).doNothing())
    .execute();
}

/** Records old addresses; one another item already claimed keeps its first target. */
export async function insertOldAddresses(db: Db, rows: readonly OldAddressesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('old_addresses')
    .values([...rows])
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

/** Every old address whose notice still exists, with where it leads (a deleted notice's lead nowhere). */
export function listOldAddresses(db: Db): Promise<{ path: string; target: string }[]> {
  return db
    .selectFrom('old_addresses')
    .innerJoin('notices', 'notices.id', 'old_addresses.target_id')
    .select(['old_addresses.path', 'old_addresses.target'])
    .execute();
}

export async function countOldAddresses(db: Db): Promise<number> {
  const row = await db
    .selectFrom('old_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
