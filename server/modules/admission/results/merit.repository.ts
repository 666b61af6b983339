import type { Insertable, Updateable } from 'kysely';
import { OFFER_VOUCHER_KIND } from '#common/admission/application.ts';
import type { Db } from '#server/db/db.ts';
import type { MeritEntriesTable, MeritSettingsTable, OffersTable } from '#server/db/schema.ts';

export const findSettings = (db: Db, seasonId: string) =>
  db.selectFrom('merit_settings').selectAll().where('season_id', '=', seasonId).executeTakeFirst();

export async function saveSettings(db: Db, row: Insertable<MeritSettingsTable>): Promise<void> {
  const { season_id: _, ...change } = row;
  await db
    .insertInto('merit_settings')
    .values(row)
    .onConflict((oc) => oc.column('season_id').doUpdateSet(change))
    .execute();
}

export const updateSettings = (db: Db, seasonId: string, change: Updateable<MeritSettingsTable>) =>
  db.updateTable('merit_settings').set(change).where('season_id', '=', seasonId).execute();

/** Seasons whose publish time has come and that are not yet published. */
export const duePublications = (db: Db, nowIso: string) =>
  db
    .selectFrom('merit_settings')
    .select('season_id')
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', nowIso)
    .where('published_at', 'is', null)
    .execute();

/** Claims the publishing of a season: true for exactly one caller, however many processes try at once. */
export async function claimPublication(db: Db, seasonId: string, atIso: string): Promise<boolean> {
  const result = await db
    .updateTable('merit_settings')
    .set({ published_at: atIso })
    .where('season_id', '=', seasonId)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Published seasons whose results notice is not made yet (made after the publishing commits). */
export const noticesOwed = (db: Db) =>
  db
    .selectFrom('merit_settings')
    .select('season_id')
    .where('published_at', 'is not', null)
    .where('notice_id', 'is', null)
    .execute();

/** The highest marks entered in a season, in hundredths (0 when none). */
export async function highestMarks(db: Db, seasonId: string): Promise<number> {
  const row = await db
    .selectFrom('entrance_candidates')
    .select((eb) => eb.fn.max('marks_hundredths').as('m'))
    .where('season_id', '=', seasonId)
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The candidates of a season with what ranking them needs, and their application's state and programme. */
export const candidatesOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('entrance_candidates as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select([
      'a.id',
      'a.number',
      'a.state',
      'a.first_choice',
      'a.gpa_hundredths',
      'a.grades',
      'a.birth_date',
      'a.category_id',
      'c.roll_number',
      'c.marks_hundredths',
      'c.absent',
    ])
    .where('c.season_id', '=', seasonId)
    .where('a.state', 'not in', ['rejected', 'withdrawn'])
    .orderBy('c.roll_number')
    .execute();

export const programmesOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('admission_programmes')
    .select(['id', 'name_en', 'name_ne', 'seats', 'scholarship_seats'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .execute();

export async function insertEntries(db: Db, rows: Insertable<MeritEntriesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('merit_entries')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

export async function insertOffer(db: Db, row: Insertable<OffersTable>): Promise<void> {
  await db.insertInto('offers').values(row).execute();
}

export const openOffersDue = (db: Db, nowIso: string) =>
  db
    .selectFrom('offers')
    .select(['id', 'application_id'])
    .where('state', '=', 'open')
    .where('deadline', '<=', nowIso)
    .execute();

/** The offer an admitted application confirmed (its seat, should it withdraw later). */
export const confirmedOfferOf = (db: Db, applicationId: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('state', '=', 'confirmed')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/**
 * The states of an offer that still holds its seat: open, or open with a voucher photo that arrived before the
 * deadline and waits for the office (such an offer has met its deadline and never lapses).
 */
export const HELD_STATES = ['open', 'voucher-sent'] as const;

/** The offer still holding an application's seat (open, or waiting for its voucher to be checked). */
export const openOfferOf = (db: Db, applicationId: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('state', 'in', HELD_STATES)
    .executeTakeFirst();

/**
 * Closes an offer that holds its seat; false when it was closed meanwhile (another process, another click).
 * Only an open offer lapses: one whose voucher arrived in time, even a moment before, keeps its seat.
 */
export async function closeOffer(
  db: Db,
  id: string,
  state: 'confirmed' | 'lapsed' | 'declined' | 'withdrawn',
  how: string,
  atIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set({ state, confirmed_how: how, closed_at: atIso })
    .where('id', '=', id)
    .where('state', 'in', state === 'lapsed' ? ['open'] : HELD_STATES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a voucher sent for an open offer before its deadline: true for exactly one caller, and never for an
 * offer past its deadline or closed meanwhile (the lapse sees the offer's state in the same row).
 */
export async function markVoucherSent(db: Db, id: string, voucherNumber: string, atIso: string): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set({ state: 'voucher-sent', voucher_number: voucherNumber, voucher_at: atIso })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('deadline', '>', atIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An offer's voucher set aside: open again until its deadline. The office refused it (the number and time stay,
 * so the applicant is told), or its files could not be kept (`before`: the voucher as it was before it came).
 */
export async function reopenOffer(
  db: Db,
  id: string,
  before?: { voucher_number: string; voucher_at: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set({ state: 'open', ...before })
    .where('id', '=', id)
    .where('state', '=', 'voucher-sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The programme's waiting list in its order: applications still waitlisted, with their category. */
export const waitingList = (db: Db, programmeId: string, seasonId: string) =>
  db
    .selectFrom('merit_entries as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select(['a.id', 'a.category_id as categoryId', 'm.waitlist_position'])
    .where('m.season_id', '=', seasonId)
    .where('m.programme_id', '=', programmeId)
    .where('a.state', '=', 'waitlisted')
    // Only those the published list waitlisted, in its order (one the office put back is the office's to offer).
    .where('m.waitlist_position', 'is not', null)
    .orderBy('m.waitlist_position')
    .execute();

/** Everything the public look-up answers, for every published season. */
export const publishedResults = (db: Db) =>
  db
    .selectFrom('merit_entries as m')
    .innerJoin('merit_settings as s', 's.season_id', 'm.season_id')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .innerJoin('entrance_candidates as c', 'c.application_id', 'm.application_id')
    .innerJoin('admission_programmes as p', 'p.id', 'm.programme_id')
    .leftJoin('offers as o', (j) =>
      j.onRef('o.application_id', '=', 'm.application_id').on('o.state', 'in', HELD_STATES),
    )
    .select([
      'm.season_id',
      'm.application_id',
      'm.outcome',
      'm.waitlist_position',
      'a.state',
      'a.birth_date',
      'c.roll_number',
      'c.marks_hundredths',
      's.show_marks',
      's.full_marks_hundredths',
      's.published_at',
      'p.name_en',
      'p.name_ne',
      'o.deadline',
    ])
    .where('s.published_at', 'is not', null)
    .orderBy('s.published_at')
    .execute();

/** Changes whenever the published results or their offers do: processes rebuild their look-up when it moves. */
export async function resultsVersion(db: Db): Promise<string> {
  const s = await db
    .selectFrom('merit_settings')
    .select((eb) => [eb.fn.max('published_at').as('p'), eb.fn.countAll<number | string>().as('n')])
    .where('published_at', 'is not', null)
    .executeTakeFirst();
  const o = await db
    .selectFrom('offers')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('closed_at').as('c'),
      eb.fn.max('created_at').as('m'),
    ])
    .executeTakeFirst();
  return [s?.p, s?.n, o?.n, o?.c, o?.m].map(String).join('|');
}

/** What the office's merit page shows of each candidate beside the computed list (never published). */
export const reviewRowsOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('entrance_candidates as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select(['a.id', 'a.reference', 'a.name_en', 'a.state'])
    .where('c.season_id', '=', seasonId)
    .execute();

/** Every offer of a season, newest first, with its application's reference and name. */
export const offersOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('offers as o')
    .innerJoin('applications as a', 'a.id', 'o.application_id')
    .innerJoin('entrance_candidates as c', 'c.application_id', 'o.application_id')
    .select([
      'o.id',
      'o.application_id',
      'o.programme_id',
      'o.seat',
      'o.deadline',
      'o.state',
      'o.confirmed_how',
      'o.created_at',
      'o.closed_at',
      'o.voucher_number',
      'o.voucher_at',
      'a.reference',
      'a.name_en',
      'c.roll_number',
    ])
    .where('o.season_id', '=', seasonId)
    .orderBy('o.created_at', 'desc')
    .orderBy('c.roll_number')
    .execute();

/** The offer vouchers' photos sent for a season's offers, oldest first (the office opens the latest). */
export const offerVouchersOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('application_documents as d')
    .innerJoin('offers as o', 'o.application_id', 'd.application_id')
    .select([
      'd.id',
      'd.application_id',
      'd.format',
      'd.file_key',
      'd.variants',
      'd.state',
      'd.failure',
      'd.created_at',
    ])
    .where('o.season_id', '=', seasonId)
    .where('d.kind', '=', OFFER_VOUCHER_KIND)
    .orderBy('d.created_at')
    .execute();

/** An application's latest offer (open or closed), for its status page. */
export const latestOfferOf = (db: Db, applicationId: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

/** Confirmed and open offers per programme of a season: the seats they hold. */
export const seatsHeld = (db: Db, seasonId: string) =>
  db
    .selectFrom('offers')
    .select((eb) => ['programme_id', eb.fn.countAll<number | string>().as('held')])
    .where('season_id', '=', seasonId)
    .where('state', 'in', [...HELD_STATES, 'confirmed'])
    .groupBy('programme_id')
    .execute();

/** An application's published merit entry by its reference, for its status page. */
export const entryOf = (db: Db, reference: string) =>
  db
    .selectFrom('merit_entries as m')
    .innerJoin('merit_settings as s', 's.season_id', 'm.season_id')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select(['a.id', 'm.outcome', 'm.waitlist_position'])
    .where('a.reference', '=', reference)
    .where('s.published_at', 'is not', null)
    .executeTakeFirst();

export const categoriesOf = (db: Db, seasonId: string) =>
  db
    .selectFrom('scholarship_categories')
    .select(['id', 'name_en'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .execute();

export const listSeasons = (db: Db) =>
  db.selectFrom('admission_seasons').select(['id', 'name']).orderBy('name', 'desc').execute();

/** Who else was offered a seat of `programmeId` at the instant `at` (the step that passed a seat on). */
export const otherOfferedAt = (db: Db, programmeId: string, at: string, exceptApplicationId: string) =>
  db
    .selectFrom('offers as o')
    .innerJoin('applications as a', 'a.id', 'o.application_id')
    .select(['a.name_en', 'a.reference'])
    .where('o.programme_id', '=', programmeId)
    .where('o.created_at', '=', at)
    .where('o.application_id', '<>', exceptApplicationId)
    .executeTakeFirst();

/** Whether the season exists. */
export async function seasonExists(db: Db, seasonId: string): Promise<boolean> {
  const row = await db.selectFrom('admission_seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
  return row !== undefined;
}

export const findOffer = (db: Db, offerId: string) =>
  db.selectFrom('offers').selectAll().where('id', '=', offerId).executeTakeFirst();

export const offersOfApplication = (db: Db, applicationId: string) =>
  db.selectFrom('offers').selectAll().where('application_id', '=', applicationId).execute();

/** The offer of a seat of `programmeId` made to another application at the instant `at`. */
export const offerMadeAt = (db: Db, programmeId: string, at: string, exceptApplicationId: string) =>
  db
    .selectFrom('offers')
    .selectAll()
    .where('programme_id', '=', programmeId)
    .where('created_at', '=', at)
    .where('application_id', '<>', exceptApplicationId)
    .executeTakeFirst();

/** A closed offer open again (an undone withdrawal), with its new deadline, unless it left `fromState` meanwhile. */
export async function reopenClosedOffer(db: Db, id: string, fromState: string, deadline: string): Promise<void> {
  await db
    .updateTable('offers')
    .set({ state: 'open', confirmed_how: '', closed_at: null, deadline })
    .where('id', '=', id)
    .where('state', '=', fromState)
    .execute();
}

/** The offered and waitlisted entries of a season, with names and roll numbers, by programme and merit order. */
export const passListEntries = (db: Db, seasonId: string) =>
  db
    .selectFrom('merit_entries as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .innerJoin('entrance_candidates as c', 'c.application_id', 'm.application_id')
    .innerJoin('admission_programmes as p', 'p.id', 'm.programme_id')
    .select([
      'p.name_en',
      'p.position',
      'c.roll_number',
      'a.name_en as applicant_en',
      'a.name_ne as applicant_ne',
      'm.outcome',
      'm.waitlist_position',
      'm.rank',
    ])
    .where('m.season_id', '=', seasonId)
    .where('m.outcome', '!=', 'not-selected')
    .orderBy('p.position')
    .orderBy('m.rank')
    .execute();

export const seasonName = (db: Db, seasonId: string) =>
  db.selectFrom('admission_seasons').select('name').where('id', '=', seasonId).executeTakeFirstOrThrow();
