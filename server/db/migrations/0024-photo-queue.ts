import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An album photo is processed in the background after its upload: until then its row is in state
// 'processing' and holds the key of its original as uploaded (kept in storage until processed); a photo
// whose processing failed is 'failed', with the reason in plain words, and its original is gone. A worker
// claims a row by writing its own name and a lease end, so two processes never process the same photo.
// Every existing photo is 'ready': no other value changes and no file moves.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('ready'))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('failure', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('images').addColumn('original_key', 'varchar(200)').execute();
  await db.schema.alterTable('images').addColumn('claimed_by', 'varchar(100)').execute();
  await db.schema.alterTable('images').addColumn('claimed_until', 'varchar(30)').execute();
  await db.schema.createIndex('images_state_created_idx').on('images').columns(['state', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('images_state_created_idx').execute();
  for (const column of ['claimed_until', 'claimed_by', 'original_key', 'failure', 'state']) {
    await db.schema.alterTable('images').dropColumn(column).execute();
  }
}
