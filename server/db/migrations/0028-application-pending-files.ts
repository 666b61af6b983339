import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// A file a refused application form keeps for the corrected form, one row each: which form (its upload token)
// and which address (the limits' key, an IPv6 /64) it came from, its size, and when it was last asked for.
// The caps per form and per address and the expiry are counted from these rows; the row is written before
// the file, so no kept file is ever outside them. Files kept before this migration have no row: the daily
// storage sweep removes them, as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_pending_files')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('upload_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('kept_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_pending_files_token_idx')
    .on('application_pending_files')
    .column('upload_token')
    .execute();
  await db.schema
    .createIndex('application_pending_files_address_idx')
    .on('application_pending_files')
    .columns(['address', 'kept_at'])
    .execute();
  await db.schema
    .createIndex('application_pending_files_kept_idx')
    .on('application_pending_files')
    .column('kept_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_pending_files').execute();
}
