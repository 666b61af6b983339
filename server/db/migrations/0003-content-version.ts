import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// One counter that every change to what public pages show moves forward, so that each process serving
// the site from a render cache can tell, with one small read, that its copies are out of date.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1, updated_at: new Date().toISOString() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_version').execute();
}
