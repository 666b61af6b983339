import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// A notice is written in English or in Nepali ('en' or 'ne'), so its page can say which. Every notice already
// written is English.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('language').execute();
}
