import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// What an import from another site (WordPress) brought over, and the old site's addresses that still answer.
// `imported_items`: one row per item of the old site (a post, an attachment), found again by the old site's
// GUID, so a second import of the same export adds nothing. `old_addresses`: a path (and, for WordPress's
// `?p=ID` addresses, its query) of the old site and the new address it now moves to for good.
// Two new tables: no existing row changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imported_items')
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('old_id', 'integer', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_items_pk', ['source', 'guid'])
    .execute();
  await db.schema.createIndex('imported_items_target').on('imported_items').column('target_id').execute();
  await db.schema
    .createTable('old_addresses')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('old_addresses_target').on('old_addresses').column('target_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('old_addresses').execute();
  await db.schema.dropTable('imported_items').execute();
}
