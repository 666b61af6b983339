import type { Db } from '#server/db/db.ts';
import type { SiteContentRow } from '#server/db/schema.ts';

export function listSections(db: Db): Promise<SiteContentRow[]> {
  return db.selectFrom('site_content').selectAll().execute();
}

export function findSection(db: Db, section: string): Promise<SiteContentRow | undefined> {
  return db.selectFrom('site_content').selectAll().where('section', '=', section).executeTakeFirst();
}

/** Stores a section's first version; false when a row already exists (another save got there first). */
export async function insertSection(db: Db, row: SiteContentRow): Promise<boolean> {
  const result = await db
    .insertInto('site_content')
    .values(row)
    .onConflict((oc) => oc.column('section').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Replaces a section only if it is still at `expectedVersion`, and moves its version forward: a
 * compare-and-set in one statement, so of two saves made from the same version exactly one wins on
 * every engine. False when the version had moved.
 */
export async function updateSectionAt(
  db: Db,
  section: string,
  expectedVersion: number,
  data: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('site_content')
    .set({ data, version: expectedVersion + 1, updated_at: updatedAt })
    .where('section', '=', section)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
