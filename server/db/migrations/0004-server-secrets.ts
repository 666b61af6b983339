import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Random secrets made by the server on first use and shared by every process on this database, such
// as the key that signs the contact form's timestamp, so a form served by one process checks in another.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
