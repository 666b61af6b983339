import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The files attached to a notice (a PDF or a scan), in the order they were added. Its rows are removed with
// their notice by the application, in the notice's own transaction; no foreign key, so that a copy between
// databases may insert the tables in any order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notice_attachments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('notice_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    // The PDF itself; null for a scan, whose files are all in `variants`.
    .addColumn('file_key', 'varchar(200)')
    // The file name it is served under, made from the notice's title (never the uploader's).
    .addColumn('served_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // JSON: the thumbnail's (or the scan's) sizes and formats, each with its storage key.
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_attachments_notice_idx')
    .on('notice_attachments')
    .columns(['notice_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_attachments').execute();
}
