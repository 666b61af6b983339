import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Where parents pay: a season's bank account, payment QR image and deposit reference, as JSON text in
// `payment` ('' while the office has not filled them in); a programme may hold its own ('' : its season's).
// Every existing season and programme keeps its row and gets empty details.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admission_seasons')
    .addColumn('payment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('admission_programmes')
    .addColumn('payment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admission_programmes').dropColumn('payment').execute();
  await db.schema.alterTable('admission_seasons').dropColumn('payment').execute();
}
