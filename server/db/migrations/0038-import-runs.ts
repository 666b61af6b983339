import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An import started from the admin (/admin/import): the files it was given (kept in DATA_DIR/imports/<id>),
// its plan as shown in the dry run, how far it has gone and its report. The import runs after the answer to
// the request, so the page reads its progress from here, and a server that restarts finds a run it was doing.
// One new table: no existing row changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    // 'planned' (the dry run shown), 'running', 'done', 'stopped' (the server stopped during it), 'failed'.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('has_uploads', 'integer', (c) => c.notNull())
    .addColumn('plan_lines', 'text', (c) => c.notNull())
    .addColumn('to_import', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('report_lines', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('import_runs_created').on('import_runs').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_runs').execute();
}
