import { type Insertable, sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { EntranceCandidatesTable, EntranceSessionsTable } from '#server/db/schema.ts';

/** The entrance examination's queries: sessions, candidates, their roll numbers and marks. */

export const findSeason = (db: Db, id: string) =>
  db.selectFrom('admission_seasons').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

/** The season's entrance date ('YYYY-MM-DD' B.S., '' when not set); undefined for no such season. */
export const entranceDateOf = async (db: Db, seasonId: string) =>
  (await db.selectFrom('admission_seasons').select('entrance_on').where('id', '=', seasonId).executeTakeFirst())
    ?.entrance_on;

export const listSeasons = (db: Db) =>
  db.selectFrom('admission_seasons').select(['id', 'name']).orderBy('name', 'desc').execute();

export const programmesOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('admission_programmes')
    .select(['id', 'name_en', 'name_ne'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .execute();

export const sessionsOf = (db: Db, seasonId: string) =>
  db.selectFrom('entrance_sessions').selectAll().where('season_id', '=', seasonId).orderBy('starts_at').execute();

export const findSession = (db: Db, id: string) =>
  db.selectFrom('entrance_sessions').selectAll().where('id', '=', id).executeTakeFirst();

export const sessionProgrammes = (db: Db, sessionIds: string[]) =>
  sessionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('entrance_session_programmes')
        .select(['session_id', 'programme_id'])
        .where('session_id', 'in', sessionIds)
        .execute();

/** Candidates seated per session, and how many of them have opened their admit card. */
export async function seatedCounts(db: Db, seasonId: string) {
  const rows = await db
    .selectFrom('entrance_candidates')
    .select([
      'session_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.count<number | string>('card_opened_at').as('opened'),
    ])
    .where('season_id', '=', seasonId)
    .groupBy('session_id')
    .execute();
  return new Map(rows.map((r) => [r.session_id, { seated: Number(r.n), opened: Number(r.opened) }]));
}

export const insertSession = (db: Db, row: Insertable<EntranceSessionsTable>) =>
  db.insertInto('entrance_sessions').values(row).execute();

export const updateSession = (db: Db, id: string, row: Partial<Insertable<EntranceSessionsTable>>) =>
  db.updateTable('entrance_sessions').set(row).where('id', '=', id).execute();

export const deleteSession = (db: Db, id: string) => db.deleteFrom('entrance_sessions').where('id', '=', id).execute();

export async function setSessionProgrammes(db: Db, sessionId: string, programmeIds: string[]) {
  await db.deleteFrom('entrance_session_programmes').where('session_id', '=', sessionId).execute();
  if (programmeIds.length) {
    await db
      .insertInto('entrance_session_programmes')
      .values(programmeIds.map((programme_id) => ({ session_id: sessionId, programme_id })))
      .execute();
  }
}

export async function countSeated(db: Db, sessionId: string): Promise<number> {
  const row = await db
    .selectFrom('entrance_candidates')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Holds the season's roll numbers until the transaction ends: on PostgreSQL an advisory lock per season,
 * so two offices assigning at once take turns (SQLite runs one writing transaction at a time).
 */
export async function lockRollNumbers(db: Db, seasonId: string): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`orbit:entrance:${seasonId}`}))`.execute(db);
}

/**
 * Applications of the season that may sit the entrance and have no roll number yet: documents verified
 * (and the fee, when there is one), oldest first.
 */
export const awaitingRollNumbers = (db: Db, seasonId: string) =>
  db
    .selectFrom('applications')
    .innerJoin('application_payments', 'application_payments.application_id', 'applications.id')
    .leftJoin('entrance_candidates', 'entrance_candidates.application_id', 'applications.id')
    .select([
      'applications.id',
      'applications.reference',
      'applications.language',
      'applications.name_en',
      'applications.name_ne',
      'applications.guardian_mobile',
      'applications.email',
      'applications.first_choice',
    ])
    .where('applications.season_id', '=', seasonId)
    .where('applications.state', 'in', ['documents-verified', 'fee-verified'])
    .where('application_payments.state', 'in', ['verified', 'not-due'])
    .where('entrance_candidates.application_id', 'is', null)
    .orderBy('applications.submitted_at')
    .orderBy('applications.id')
    .execute();

export async function lastRollNumber(db: Db, seasonId: string): Promise<number> {
  const row = await db
    .selectFrom('entrance_candidates')
    .select((eb) => eb.fn.max<number | string | null>('roll_number').as('last'))
    .where('season_id', '=', seasonId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** The season an application was made in. */
export const seasonOfApplication = (db: Db, applicationId: string) =>
  db.selectFrom('applications').select('season_id').where('id', '=', applicationId).executeTakeFirst();

export const insertCandidate = (db: Db, row: Insertable<EntranceCandidatesTable>) =>
  db.insertInto('entrance_candidates').values(row).execute();

/** The candidates of a season (or of one session), by roll number, with the names the office reads. */
export function candidatesOf(db: Db, seasonId: string, sessionId?: string) {
  let q = db
    .selectFrom('entrance_candidates')
    .innerJoin('applications', 'applications.id', 'entrance_candidates.application_id')
    .select([
      'entrance_candidates.application_id',
      'entrance_candidates.session_id',
      'entrance_candidates.roll_number',
      'entrance_candidates.card_code',
      'entrance_candidates.card_opened_at',
      'entrance_candidates.marks_hundredths',
      'entrance_candidates.absent',
      'applications.reference',
      'applications.name_en',
      'applications.name_ne',
      'applications.first_choice',
    ])
    .where('entrance_candidates.season_id', '=', seasonId);
  if (sessionId) q = q.where('entrance_candidates.session_id', '=', sessionId);
  return q.orderBy('entrance_candidates.roll_number').execute();
}

export const findCandidate = (db: Db, applicationId: string) =>
  db.selectFrom('entrance_candidates').selectAll().where('application_id', '=', applicationId).executeTakeFirst();

export const findCandidateByCode = (db: Db, code: string) =>
  db.selectFrom('entrance_candidates').selectAll().where('card_code', '=', code).executeTakeFirst();

/** Records the first opening of an admit card (later openings keep the first time). */
export const markCardOpened = (db: Db, applicationId: string, at: string) =>
  db
    .updateTable('entrance_candidates')
    .set({ card_opened_at: at })
    .where('application_id', '=', applicationId)
    .where('card_opened_at', 'is', null)
    .execute();

export const setMarks = (
  db: Db,
  seasonId: string,
  rollNumber: number,
  marks: { marks_hundredths: number | null; absent: number; marks_updated_at: string },
) =>
  db
    .updateTable('entrance_candidates')
    .set(marks)
    .where('season_id', '=', seasonId)
    .where('roll_number', '=', rollNumber)
    .execute();

/** What an admit card shows of its application: names, the programme, the photo document. */
export async function cardFacts(db: Db, applicationId: string) {
  const app = await db
    .selectFrom('applications')
    .innerJoin('admission_programmes', 'admission_programmes.id', 'applications.first_choice')
    .innerJoin('admission_seasons', 'admission_seasons.id', 'applications.season_id')
    .select([
      'applications.id',
      'applications.reference',
      'applications.name_en',
      'applications.name_ne',
      'admission_programmes.name_en as programme_en',
      'admission_programmes.name_ne as programme_ne',
      'admission_seasons.name as season',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  const photo = await db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('kind', '=', 'photo')
    .orderBy('position')
    .executeTakeFirst();
  return { app, photo };
}

export const candidateOfReference = (db: Db, reference: string) =>
  db
    .selectFrom('entrance_candidates')
    .innerJoin('applications', 'applications.id', 'entrance_candidates.application_id')
    .select('entrance_candidates.application_id')
    .where('applications.reference', '=', reference)
    .executeTakeFirst();
