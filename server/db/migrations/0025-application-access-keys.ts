import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Each application gets an unguessable access key, given to the family on the confirmation and in its
// messages: the status page, the admit card and every applicant action take the reference with it (a date of
// birth is one of about a thousand days and can be walked). Only the key's SHA-256 is stored. Applications
// made before have none ('') and open with nothing until the family asks for a key, which is sent to the
// mobile number and e-mail address on the application.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('access_key_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('access_key_hash').execute();
}
