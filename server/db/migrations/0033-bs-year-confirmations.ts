import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The B.S. years an owner has checked against the printed government calendar, one row per year: what it was
// confirmed from, when and by whom. A year after the current one without a row is a forecast. A new table,
// so no existing row changes; none is seeded (no year has been checked yet).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bs_year_confirmations')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('confirmed_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bs_year_confirmations').execute();
}
