import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '#server/db/db.ts';
import type { AdmissionProgrammesTable, AdmissionSeasonsTable, ScholarshipCategoriesTable } from '#server/db/schema.ts';

export type SeasonRow = Selectable<AdmissionSeasonsTable>;
export type ProgrammeRow = Selectable<AdmissionProgrammesTable>;
export type CategoryRow = ScholarshipCategoriesTable;

export const listSeasons = (db: Db): Promise<SeasonRow[]> =>
  db.selectFrom('admission_seasons').selectAll().orderBy('opens_on', 'desc').orderBy('id').execute();

export const findSeason = (db: Db, id: string): Promise<SeasonRow | undefined> =>
  db.selectFrom('admission_seasons').selectAll().where('id', '=', id).executeTakeFirst();

export const findSeasonByName = (db: Db, name: string): Promise<SeasonRow | undefined> =>
  db.selectFrom('admission_seasons').selectAll().where('name', '=', name).executeTakeFirst();

/** The season the public sees: the published one that opens last. */
export const findPublicSeason = (db: Db): Promise<SeasonRow | undefined> =>
  db
    .selectFrom('admission_seasons')
    .selectAll()
    .where('published_at', 'is not', null)
    .orderBy('opens_on', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export async function insertSeason(db: Db, row: Insertable<AdmissionSeasonsTable>): Promise<void> {
  await db.insertInto('admission_seasons').values(row).execute();
}

export async function updateSeason(db: Db, id: string, change: Updateable<AdmissionSeasonsTable>): Promise<void> {
  await db.updateTable('admission_seasons').set(change).where('id', '=', id).execute();
}

export async function deleteSeason(db: Db, id: string): Promise<void> {
  await db.deleteFrom('admission_programmes').where('season_id', '=', id).execute();
  await db.deleteFrom('scholarship_categories').where('season_id', '=', id).execute();
  await db.deleteFrom('admission_seasons').where('id', '=', id).execute();
}

export const listProgrammes = (db: Db, seasonId: string): Promise<ProgrammeRow[]> =>
  db
    .selectFrom('admission_programmes')
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findProgramme = (db: Db, id: string): Promise<ProgrammeRow | undefined> =>
  db.selectFrom('admission_programmes').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertProgramme(db: Db, row: Insertable<AdmissionProgrammesTable>): Promise<void> {
  await db.insertInto('admission_programmes').values(row).execute();
}

export async function updateProgramme(db: Db, id: string, change: Updateable<AdmissionProgrammesTable>): Promise<void> {
  await db.updateTable('admission_programmes').set(change).where('id', '=', id).execute();
}

export async function deleteProgramme(db: Db, id: string): Promise<void> {
  await db.deleteFrom('admission_programmes').where('id', '=', id).execute();
}

export const listCategories = (db: Db, seasonId: string): Promise<CategoryRow[]> =>
  db
    .selectFrom('scholarship_categories')
    .selectAll()
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findCategory = (db: Db, id: string): Promise<CategoryRow | undefined> =>
  db.selectFrom('scholarship_categories').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertCategory(db: Db, row: Insertable<CategoryRow>): Promise<void> {
  await db.insertInto('scholarship_categories').values(row).execute();
}

export async function updateCategory(db: Db, id: string, change: Updateable<CategoryRow>): Promise<void> {
  await db.updateTable('scholarship_categories').set(change).where('id', '=', id).execute();
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('scholarship_categories').where('id', '=', id).execute();
}

/** The next position at the end of a season's list. */
export async function nextPosition(db: Db, table: 'admission_programmes' | 'scholarship_categories', seasonId: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('season_id', '=', seasonId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** The stored payment details (JSON) of an application's season and of its first choice's programme. */
export const paymentsOfApplication = (
  db: Db,
  applicationId: string,
): Promise<{ season: string; programme: string | null } | undefined> =>
  db
    .selectFrom('applications')
    .innerJoin('admission_seasons', 'admission_seasons.id', 'applications.season_id')
    .leftJoin('admission_programmes', 'admission_programmes.id', 'applications.first_choice')
    .select(['admission_seasons.payment as season', 'admission_programmes.payment as programme'])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();

/** Every season's stored payment details (JSON). */
export const listSeasonPayments = (db: Db): Promise<{ id: string; payment: string }[]> =>
  db.selectFrom('admission_seasons').select(['id', 'payment']).execute();
