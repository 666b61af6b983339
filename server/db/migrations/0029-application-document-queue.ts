import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An applicant's document is accepted as sent and processed after the answer: until then its row is in state
// 'processing', `file_key` holds the file as received (kept in storage) and it has no pictures yet. A file that
// cannot be processed is 'failed', with the reason in plain words, and stays as received for the office. A
// worker claims a row by writing its own name and a lease end, so two processes never process the same file;
// `attempts` counts the tries that ended without an answer (a process that died), so none is retried forever.
// Every existing document is 'ready': no other value changes and no file moves.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('application_documents')
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('ready'))
    .execute();
  await db.schema
    .alterTable('application_documents')
    .addColumn('failure', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('application_documents')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('application_documents').addColumn('claimed_by', 'varchar(100)').execute();
  await db.schema.alterTable('application_documents').addColumn('claimed_until', 'varchar(30)').execute();
  await db.schema
    .createIndex('application_documents_state_created_idx')
    .on('application_documents')
    .columns(['state', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('application_documents_state_created_idx').execute();
  for (const column of ['claimed_until', 'claimed_by', 'attempts', 'failure', 'state']) {
    await db.schema.alterTable('application_documents').dropColumn(column).execute();
  }
}
