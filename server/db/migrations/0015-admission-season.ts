import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// An admission season: its dates as B.S. 'YYYY-MM-DD' strings ('' for a date not set), the programmes it
// admits to (seats, the approved fee lines and eligibility as JSON text, scholarship seats by category),
// and the scholarship categories the office defines. Nothing existing changes: the manual admission
// switch stays for a site without a season.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admission_seasons')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('opens_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('closes_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('late_closes_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('late_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entrance_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('results_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('admission_deadline', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('expected_enrolment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('documents_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('documents_ne', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status_override', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    // Null while a draft; the instant it was first published, and the B.S. day its quota went public.
    .addColumn('published_at', 'varchar(30)')
    .addColumn('quota_published_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scholarship_categories')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_ne', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('proof_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('proof_ne', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('scholarship_categories_season_idx')
    .on('scholarship_categories')
    .column('season_id')
    .execute();

  await db.schema
    .createTable('admission_programmes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_ne', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('stream', 'varchar(30)', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('fees', 'text', (c) => c.notNull())
    .addColumn('admission_fee_for_continuing', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('fee_approved_by', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('fee_approved_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('fee_reference', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // The lowest SEE GPA in hundredths (160 is 1.60), exact on every engine.
    .addColumn('min_gpa_hundredths', 'integer', (c) => c.notNull())
    .addColumn('min_grades', 'text', (c) => c.notNull())
    .addColumn('scholarship_seats', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('admission_programmes_season_idx')
    .on('admission_programmes')
    .column('season_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admission_programmes').execute();
  await db.schema.dropTable('scholarship_categories').execute();
  await db.schema.dropTable('admission_seasons').execute();
}
