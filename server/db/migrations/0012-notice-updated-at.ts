import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// A notice records when it was last changed (created, edited, an attachment added or removed), so search
// engines and feed readers learn of an edit. Every notice already written keeps its row and was last changed
// when it was published.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('notices')
    .set((eb) => ({ updated_at: eb.ref('publish_at') }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').dropColumn('updated_at').execute();
}
