import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An audit entry can say what changed, field by field (old → new, secrets left out), as JSON text. Entries
// written before keep their rows with no changes listed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('changes').execute();
}
