import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after release.
// The entrance examination of an admission season: its sessions (when, where, which programmes, how many
// seats in the room, what to bring), and its candidates: an application whose documents (and fee, when
// there is one) are verified gets a roll number unique in its season, a seat in a session, an admit card
// (checked by a code that cannot be guessed) and later its marks or 'absent'. Nothing existing changes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entrance_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id').onDelete('cascade'))
    // The start as an instant (ISO 8601, UTC); pages show it in Nepal time with its B.S. date.
    .addColumn('starts_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('place_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('place_ne', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('bring_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bring_ne', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entrance_sessions_season_idx')
    .on('entrance_sessions')
    .columns(['season_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('entrance_session_programmes')
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('entrance_sessions.id').onDelete('cascade'))
    .addColumn('programme_id', 'varchar(36)', (c) =>
      c.notNull().references('admission_programmes.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('entrance_session_programmes_pk', ['session_id', 'programme_id'])
    .execute();

  await db.schema
    .createTable('entrance_candidates')
    .addColumn('application_id', 'varchar(36)', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('season_id', 'varchar(36)', (c) => c.notNull().references('admission_seasons.id'))
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('entrance_sessions.id'))
    .addColumn('roll_number', 'integer', (c) => c.notNull())
    // What the admit card's QR code carries: the card's check address, which cannot be guessed.
    .addColumn('card_code', 'varchar(40)', (c) => c.notNull().unique())
    // When the applicant first opened the card (null: not yet; the office sees who has not).
    .addColumn('card_opened_at', 'varchar(30)')
    // Marks in hundredths (4550 is 45.5), null until entered; 'absent' 1 when the candidate did not sit.
    .addColumn('marks_hundredths', 'integer')
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marks_updated_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entrance_candidates_roll_idx')
    .on('entrance_candidates')
    .columns(['season_id', 'roll_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('entrance_candidates_session_idx')
    .on('entrance_candidates')
    .columns(['session_id', 'roll_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('entrance_candidates').execute();
  await db.schema.dropTable('entrance_session_programmes').execute();
  await db.schema.dropTable('entrance_sessions').execute();
}
