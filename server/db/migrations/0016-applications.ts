import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Applications to an admission season, made online without an account: one row per application with the
// fields NEB's Grade 11 registration asks for (dates of birth as B.S. 'YYYY-MM-DD' strings, SEE grades as
// JSON text), the documents sent with it (their files in storage under `applications/`), its payment, and
// its history (every state change, note and document replaced, by whom). Programmes gain the application
// fee (0 when none). Nothing existing changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admission_programmes')
    .addColumn('application_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id'))
    // 'ORB-2084-0123': the season's first B.S. year and a number counted per season.
    .addColumn('reference', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(30)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    // Sent after the closing day, within the late closing: the late fee is added to the application fee.
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_ne', 'varchar(100)', (c) => c.notNull())
    .addColumn('birth_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('gender', 'varchar(10)', (c) => c.notNull())
    .addColumn('citizenship', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('father_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('mother_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('guardian_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('guardian_relation', 'varchar(40)', (c) => c.notNull())
    .addColumn('guardian_mobile', 'varchar(10)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
    .addColumn('province', 'integer', (c) => c.notNull())
    .addColumn('district', 'varchar(40)', (c) => c.notNull())
    .addColumn('municipality', 'varchar(100)', (c) => c.notNull())
    .addColumn('ward', 'integer', (c) => c.notNull())
    .addColumn('see_year', 'integer', (c) => c.notNull())
    .addColumn('symbol_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('school', 'varchar(200)', (c) => c.notNull())
    .addColumn('school_district', 'varchar(40)', (c) => c.notNull())
    // The SEE GPA in hundredths (285 is 2.85), exact on every engine, and the grade per subject as JSON.
    .addColumn('gpa_hundredths', 'integer', (c) => c.notNull())
    .addColumn('grades', 'text', (c) => c.notNull())
    .addColumn('first_choice', 'varchar(36)', (c) => c.notNull().references('admission_programmes.id'))
    .addColumn('second_choice', 'varchar(36)', (c) => c.references('admission_programmes.id'))
    .addColumn('category_id', 'varchar(36)', (c) => c.references('scholarship_categories.id'))
    .addColumn('heard_from', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    // Whether the first choice's eligibility was met when sent (the office decides; this only warns).
    .addColumn('eligible', 'integer', (c) => c.notNull())
    // What the office asked to be corrected (shown on the status page while the state is 'needs-correction').
    .addColumn('correction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consent_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    // When the documents of a rejected or withdrawn application were deleted (the row is kept).
    .addColumn('documents_purged_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('applications_season_number_idx')
    .on('applications')
    .columns(['season_id', 'number'])
    .unique()
    .execute();
  // One active application per SEE symbol number and date of birth in a season.
  await db.schema
    .createIndex('applications_active_candidate_idx')
    .on('applications')
    .columns(['season_id', 'symbol_number', 'birth_date'])
    .unique()
    .where(sql.ref('state'), '<>', sql.lit('withdrawn'))
    .execute();
  await db.schema.createIndex('applications_state_idx').on('applications').columns(['season_id', 'state']).execute();
  await db.schema.createIndex('applications_submitted_idx').on('applications').column('submitted_at').execute();

  await db.schema
    .createTable('application_documents')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    // photo, grade-sheet, character, proof, voucher
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // 'image' or 'pdf'; a PDF's file is kept as sent and its first page drawn as a picture.
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(300)')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_documents_application_idx')
    .on('application_documents')
    .columns(['application_id', 'kind', 'position'])
    .execute();

  await db.schema
    .createTable('application_payments')
    .addColumn('application_id', 'varchar(36)', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    // In rupees: the first choice's application fee, plus the late fee for a late application.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // 'bank' (a deposit slip, its photo and number sent) or 'counter' (paid at the college).
    .addColumn('method', 'varchar(10)', (c) => c.notNull())
    // not-due (no fee), unpaid, voucher-sent, verified, refused
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('voucher_number', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('application_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    // The staff account that acted (null: the applicant, or the server itself), and its name then.
    .addColumn('user_id', 'varchar(36)')
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    // submitted, state, note, document, payment, purged
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('from_state', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('to_state', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('application_events_application_idx')
    .on('application_events')
    .columns(['application_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_events').execute();
  await db.schema.dropTable('application_payments').execute();
  await db.schema.dropTable('application_documents').execute();
  await db.schema.dropTable('applications').execute();
  await db.schema.alterTable('admission_programmes').dropColumn('application_fee').execute();
}
