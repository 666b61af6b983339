import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The Bikram Sambat month lengths the office corrects, one row per B.S. year: the twelve lengths as a JSON
// array, and the calendar they come from. A year without a row keeps the lengths of the package's table;
// a row for a year after that table's last extends the calendar. None is known yet, so none is seeded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bs_month_corrections')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('months', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bs_month_corrections').execute();
}
