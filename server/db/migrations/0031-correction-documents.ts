import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The documents the office asks an applicant to send again with a correction, as their kinds separated by
// commas ('grade-sheet,character'); '' when none was named (every correction asked before this column), and
// then the applicant may send any document. No existing row changes otherwise.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('correction_documents', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('correction_documents').execute();
}
