import type { ExpressionBuilder, Insertable, SelectQueryBuilder, Updateable } from 'kysely';
import { nepaliMobile, readReference } from '#common/admission/application.ts';
import type { ApplicationFilters } from '#common/admission/application-office.ts';
import { bsStringToAd } from '#common/dates/bs-date-string.ts';
import { endOfNepalDay } from '#common/dates/nepal-time.ts';
import { type Db, isPostgres } from '#server/db/db.ts';
import type {
  ApplicationDocumentRow,
  ApplicationEventsTable,
  ApplicationRow,
  ApplicationsTable,
  Database,
} from '#server/db/schema.ts';

/** The office's queries over applications: the only place with their SQL. */

type Listed = SelectQueryBuilder<Database, 'applications' | 'application_payments', object>;

/** Midnight in Nepal at the start of a B.S. day, as the ISO instant submitted_at is compared with. */
const startOfBsDay = (bs: string): string => new Date(`${bsStringToAd(bs)}T00:00:00+05:45`).toISOString();

/** Characters that LIKE reads as wildcards mean nothing in a name search: dropped rather than escaped per engine. */
const likeText = (q: string): string => q.replace(/[%_\\]/gu, '').toLowerCase();

function searchOf(q: string) {
  return (eb: ExpressionBuilder<Database, 'applications'>) => {
    const reference = readReference(q);
    const mobile = nepaliMobile(q);
    const text = likeText(q);
    const any = [
      eb(eb.fn('lower', ['applications.name_en']), 'like', `%${text}%`),
      eb('applications.name_ne', 'like', `%${q.replace(/[%_\\]/gu, '')}%`),
      eb('applications.symbol_number', '=', q.toUpperCase()),
    ];
    if (reference) any.push(eb('applications.reference', '=', reference));
    if (mobile) any.push(eb('applications.guardian_mobile', '=', mobile));
    return eb.or(any);
  };
}

/** The applications of one season that the filters let through (the state filter only when `withState`). */
export function filtered(db: Db, seasonId: string, f: ApplicationFilters, withState = true): Listed {
  let q = db
    .selectFrom('applications')
    .innerJoin('application_payments', 'application_payments.application_id', 'applications.id')
    .where('applications.season_id', '=', seasonId);
  if (withState && f.state) q = q.where('applications.state', '=', f.state);
  if (f.programme) q = q.where('applications.first_choice', '=', f.programme);
  if (f.eligible) q = q.where('applications.eligible', '=', f.eligible === 'yes' ? 1 : 0);
  if (f.payment) q = q.where('application_payments.state', '=', f.payment);
  if (f.category) q = q.where('applications.category_id', '=', f.category);
  if (f.from) q = q.where('applications.submitted_at', '>=', startOfBsDay(f.from));
  if (f.to) q = q.where('applications.submitted_at', '<', endOfNepalDay(bsStringToAd(f.to)));
  if (f.q) q = q.where(searchOf(f.q));
  return q;
}

export const listRows = (db: Db, seasonId: string, f: ApplicationFilters, offset: number, limit: number) =>
  filtered(db, seasonId, f)
    .innerJoin('admission_programmes', 'admission_programmes.id', 'applications.first_choice')
    .select([
      'applications.id',
      'applications.reference',
      'applications.name_en',
      'applications.name_ne',
      'admission_programmes.name_en as programme',
      'applications.gpa_hundredths',
      'applications.eligible',
      'application_payments.state as payment',
      'applications.state',
      'applications.late',
      'applications.submitted_at',
    ])
    .orderBy('applications.number', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();

export async function countByState(db: Db, seasonId: string, f: ApplicationFilters): Promise<Record<string, number>> {
  const rows = await filtered(db, seasonId, f, false)
    .select(['applications.state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('applications.state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** One keyset page of the export, in the order applications were numbered. */
export const exportRows = (db: Db, seasonId: string, f: ApplicationFilters, afterNumber: number, limit: number) =>
  filtered(db, seasonId, f)
    .innerJoin('admission_programmes as first', 'first.id', 'applications.first_choice')
    .leftJoin('admission_programmes as second', 'second.id', 'applications.second_choice')
    .leftJoin('scholarship_categories', 'scholarship_categories.id', 'applications.category_id')
    .selectAll('applications')
    .select([
      'first.name_en as first_name',
      'second.name_en as second_name',
      'scholarship_categories.name_en as category_name',
      'application_payments.state as payment_state',
      'application_payments.amount as payment_amount',
      'application_payments.voucher_number',
    ])
    .where('applications.number', '>', afterNumber)
    .orderBy('applications.number')
    .limit(limit)
    .execute();
export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** A season's applications counted by state (the state index answers it alone). */
export async function countStates(db: Db, seasonId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('applications')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('season_id', '=', seasonId)
    .groupBy('state')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

export const listSeasons = (db: Db) =>
  db.selectFrom('admission_seasons').select(['id', 'name']).orderBy('opens_on', 'desc').orderBy('id').execute();

export const seasonOptions = async (db: Db, seasonId: string) => ({
  programmes: await db
    .selectFrom('admission_programmes')
    .select(['id', 'name_en as nameEn'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .execute(),
  categories: await db
    .selectFrom('scholarship_categories')
    .select(['id', 'name_en as nameEn'])
    .where('season_id', '=', seasonId)
    .orderBy('position')
    .execute(),
});

export const findApplication = (db: Db, id: string): Promise<ApplicationRow | undefined> =>
  db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();

export const findPayment = (db: Db, applicationId: string) =>
  db.selectFrom('application_payments').selectAll().where('application_id', '=', applicationId).executeTakeFirst();

export const documentsOf = (db: Db, applicationId: string): Promise<ApplicationDocumentRow[]> =>
  db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('kind')
    .orderBy('position')
    .execute();

/** Every document's stored file and pictures, for the storage sweep. */
export const listDocumentFiles = (db: Db) =>
  db.selectFrom('application_documents').select(['id', 'file_key', 'variants']).execute();

export const findDocument = (db: Db, applicationId: string, documentId: string) =>
  db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('id', '=', documentId)
    .executeTakeFirst();

export const eventsOf = (db: Db, applicationId: string) =>
  db
    .selectFrom('application_events')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('at')
    .orderBy('id')
    .execute();

export const namesOf = (db: Db, seasonId: string, programmeIds: string[], categoryId: string | null) =>
  Promise.all([
    db.selectFrom('admission_seasons').select('name').where('id', '=', seasonId).executeTakeFirst(),
    db.selectFrom('admission_programmes').select(['id', 'name_en']).where('id', 'in', programmeIds).execute(),
    categoryId
      ? db.selectFrom('scholarship_categories').select('name_en').where('id', '=', categoryId).executeTakeFirst()
      : undefined,
  ]);

/**
 * A programme's seats and the applications holding one (offered or admitted). With `lock`, on PostgreSQL
 * the programme's row is locked until the transaction ends, so two offers at once cannot both take the
 * last seat (SQLite runs one writing transaction at a time).
 */
export async function seatsOf(db: Db, programmeId: string, lock = false) {
  let programme = db.selectFrom('admission_programmes').select(['name_en', 'seats']).where('id', '=', programmeId);
  if (lock && isPostgres(db)) programme = programme.forUpdate();
  const row = await programme.executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('applications')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('first_choice', '=', programmeId)
    .where('state', 'in', ['offered', 'admitted'])
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(held.find((h) => h.state === state)?.n ?? 0);
  return { programme: row.name_en, seats: Number(row.seats), offered: count('offered'), admitted: count('admitted') };
}

/** Moves an application only from the state it was read in; false when someone moved it meanwhile. */
export async function moveState(
  db: Db,
  id: string,
  from: string,
  change: Updateable<ApplicationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPaymentState(db: Db, applicationId: string, state: string, at: string): Promise<void> {
  await db
    .updateTable('application_payments')
    .set({ state, updated_at: at })
    .where('application_id', '=', applicationId)
    .execute();
}

export async function touch(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('applications').set({ updated_at: at }).where('id', '=', id).execute();
}

export async function insertEvent(db: Db, row: Insertable<ApplicationEventsTable>): Promise<void> {
  await db.insertInto('application_events').values(row).execute();
}

export const seasonDeadlines = (db: Db) =>
  db
    .selectFrom('admission_seasons')
    .select(['id', 'admission_deadline'])
    .where('admission_deadline', '<>', '')
    .execute();

/** Closed applications of these seasons whose documents are still kept. */
export const purgeCandidates = (db: Db, seasonIds: string[], closed: readonly string[]) =>
  seasonIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('applications')
        .select(['id', 'reference', 'state'])
        .where('season_id', 'in', seasonIds)
        .where('state', 'in', closed)
        .where('documents_purged_at', 'is', null)
        .execute();

export async function deleteDocumentsOf(db: Db, applicationId: string, at: string): Promise<ApplicationDocumentRow[]> {
  const rows = await documentsOf(db, applicationId);
  await db.deleteFrom('application_documents').where('application_id', '=', applicationId).execute();
  await db
    .updateTable('applications')
    .set({ documents_purged_at: at, updated_at: at })
    .where('id', '=', applicationId)
    .execute();
  return rows;
}

/** The SQL engine's own count, for a total across the filters. */
export async function countFiltered(db: Db, seasonId: string, f: ApplicationFilters): Promise<number> {
  const row = await filtered(db, seasonId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The other active applications of the same season with the same SEE symbol number as each of `ids`, by id,
 * oldest first. One symbol number is one candidate: the same number with the same date of birth is refused
 * at intake; with another name or date of birth it is accepted (a typo, or a sibling's number) and shown to
 * the office to judge.
 */
export async function sameSymbolNumber(
  db: Db,
  seasonId: string,
  ids: readonly string[],
): Promise<Map<string, { id: string; reference: string }[]>> {
  const twins = new Map<string, { id: string; reference: string }[]>();
  if (ids.length === 0) return twins;
  // In two steps, each on an index: the asked applications' numbers, then the season's active applications with
  // those numbers (a self-join let SQLite's planner scan the whole season once per application: seconds at 5,000).
  const asked = await db
    .selectFrom('applications')
    .select(['id', 'symbol_number'])
    .where('season_id', '=', seasonId)
    .where('id', 'in', ids)
    .execute();
  if (asked.length === 0) return twins;
  const holders = await db
    .selectFrom('applications')
    .select(['id', 'reference', 'symbol_number'])
    .where('season_id', '=', seasonId)
    .where('symbol_number', 'in', [...new Set(asked.map((a) => a.symbol_number))])
    .where('state', '<>', 'withdrawn')
    .orderBy('number')
    .execute();
  for (const a of asked) {
    const others = holders.filter((h) => h.symbol_number === a.symbol_number && h.id !== a.id);
    if (others.length > 0)
      twins.set(
        a.id,
        others.map((h) => ({ id: h.id, reference: h.reference })),
      );
  }
  return twins;
}
