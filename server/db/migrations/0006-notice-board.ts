import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Notices get a category, a reference number, a publish time (a future one schedules the notice) and a
// last pinned day. Every notice already written keeps its row: it becomes General, published at the time
// it was created. The content counter learns when public pages next change by themselves (a scheduled
// notice's time, the end of a pin), so the render cache can tell without a job.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('category', 'varchar(20)', (c) => c.notNull().defaultTo('general'))
    .execute();
  await db.schema.alterTable('notices').addColumn('reference_no', 'varchar(30)').execute();
  await db.schema
    .alterTable('notices')
    .addColumn('publish_at', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('notices').addColumn('pinned_until', 'varchar(10)').execute();
  await db
    .updateTable('notices')
    .set((eb) => ({ publish_at: eb.ref('created_at') }))
    .execute();
  await db.schema.createIndex('notices_publish_at').on('notices').columns(['publish_at', 'id']).execute();
  await db.schema.alterTable('content_version').addColumn('next_change_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_version').dropColumn('next_change_at').execute();
  await db.schema.dropIndex('notices_publish_at').execute();
  for (const column of ['pinned_until', 'publish_at', 'reference_no', 'category']) {
    await db.schema.alterTable('notices').dropColumn(column).execute();
  }
}
