import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// Results day: each season's merit settings (the order of the tie-break rules, the pass mark, what the
// published list shows, offers from the waiting list, days to confirm, when to publish and when it was),
// the merit list computed at publishing (one entry per candidate), and the offers made from it with their
// deadlines and how each ended. Nothing existing changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('merit_settings')
    .addColumn('season_id', 'varchar(36)', (c) => c.primaryKey().references('admission_seasons.id').onDelete('cascade'))
    // JSON: the rules' names in the office's order.
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('pass_mark_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('full_marks_hundredths', 'integer', (c) => c.notNull().defaultTo(10000))
    .addColumn('show_marks', 'integer', (c) => c.notNull().defaultTo(0))
    // 1: the pass list shows names beside roll numbers; 0: roll numbers only.
    .addColumn('list_names', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_offer', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('confirm_days', 'integer', (c) => c.notNull().defaultTo(7))
    // ISO UTC instants: when the results are to be published, and when they were.
    .addColumn('publish_at', 'varchar(30)')
    .addColumn('published_at', 'varchar(30)')
    .addColumn('notice_id', 'varchar(36)')
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('merit_settings_publish_idx').on('merit_settings').column('publish_at').execute();

  await db.schema
    .createTable('merit_entries')
    .addColumn('application_id', 'varchar(36)', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id').onDelete('cascade'))
    .addColumn('programme_id', 'varchar(36)', (c) => c.notNull())
    // Null for candidates not ranked: absent, without marks, below the pass mark.
    .addColumn('rank', 'integer')
    // 'offered', 'waitlisted' or 'not-selected', as published.
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)')
    // 'open' or a scholarship category's id.
    .addColumn('seat', 'varchar(36)')
    .addColumn('waitlist_position', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('merit_entries_programme_idx')
    .on('merit_entries')
    .columns(['season_id', 'programme_id', 'rank'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id').onDelete('cascade'))
    .addColumn('programme_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seat', 'varchar(36)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(30)', (c) => c.notNull())
    // 'open', 'confirmed', 'lapsed' or 'declined'.
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    // How it was confirmed: 'fee-paid' (marked by the office) or 'voucher' (a photo the office verified).
    .addColumn('confirmed_how', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('offers_state_idx').on('offers').columns(['state', 'deadline']).execute();
  await db.schema.createIndex('offers_application_idx').on('offers').column('application_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('merit_entries').execute();
  await db.schema.dropTable('merit_settings').execute();
}
