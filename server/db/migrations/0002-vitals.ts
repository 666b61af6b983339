import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Real-user measurements (Core Web Vitals): one row per metric of a sampled page load; no visitor data.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vitals')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('route', 'varchar(100)', (c) => c.notNull())
    .addColumn('metric', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The admin page reads a time window, and pruning deletes by age: both walk this index.
  await db.schema.createIndex('vitals_created_at_idx').on('vitals').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vitals').execute();
}
