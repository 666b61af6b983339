import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// What the demo seeder made on a fresh install (a notice, a photo), so that 'Remove the demo content' removes
// exactly those and nothing the office made. `fingerprint` is what the item looked like when seeded (a notice's
// updated_at): an item that has changed since is the office's.
// `demo_removed_files`: the stored files of demo items whose rows a removal has deleted, written in the same
// transaction and crossed off as each file is deleted, so a removal killed before its files are gone finishes
// them on the next start.
// Two new tables: no existing row changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_items')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('seeded_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('demo_items_pk', ['kind', 'item_id'])
    .execute();
  await db.schema
    .createTable('demo_removed_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('removed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_removed_files').execute();
  await db.schema.dropTable('demo_items').execute();
}
