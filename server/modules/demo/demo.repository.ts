import type { Db } from '#server/db/db.ts';
import type { DemoKind } from '#common/demo.ts';

export interface SeededItem {
  kind: DemoKind;
  itemId: string;
  fingerprint: string;
  seededAt: string;
}

export async function recordSeeded(db: Db, item: SeededItem): Promise<void> {
  await db
    .insertInto('demo_items')
    .values({ kind: item.kind, item_id: item.itemId, fingerprint: item.fingerprint, seeded_at: item.seededAt })
    .onConflict((oc) => oc.columns(['kind', 'item_id']).doNothing())
    .execute();
}

/** The seeded notices still on the site and unchanged since seeding (their updated_at is the recorded one). */
export async function demoNoticeIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('demo_items')
    .innerJoin('notices', (join) =>
      join.onRef('notices.id', '=', 'demo_items.item_id').onRef('notices.updated_at', '=', 'demo_items.fingerprint'),
    )
    .where('demo_items.kind', '=', 'notice')
    .select('notices.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The seeded photos still on the site. */
export async function demoPhotoIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('demo_items')
    .innerJoin('images', 'images.id', 'demo_items.item_id')
    .where('demo_items.kind', '=', 'photo')
    .select('images.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Forgets every record of the seed: what is left of it is the office's now (edited, or already removed). */
export async function forgetSeeded(db: Db): Promise<void> {
  await db.deleteFrom('demo_items').execute();
}

/** Notes the files of removed rows, in the removal's transaction. */
export async function noteRemovedFiles(db: Db, keys: readonly string[], at: string): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto('demo_removed_files')
    .values(keys.map((key) => ({ key, removed_at: at })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function removedFiles(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('demo_removed_files').select('key').orderBy('key').execute();
  return rows.map((r) => r.key);
}

export async function crossOffRemovedFile(db: Db, key: string): Promise<void> {
  await db.deleteFrom('demo_removed_files').where('key', '=', key).execute();
}
