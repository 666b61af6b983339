import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '#server/db/db.ts';
import type {
  ApplicationDocumentsTable,
  ApplicationEventsTable,
  ApplicationPaymentsTable,
  ApplicationsTable,
} from '#server/db/schema.ts';

/** The next number of a season's applications (1 for the first). */
export async function nextNumber(db: Db, seasonId: string): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('season_id', '=', seasonId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** Whether a season holds an active (not withdrawn) application for a symbol number and date of birth. */
export async function activeCandidateExists(
  db: Db,
  seasonId: string,
  symbolNumber: string,
  birthDate: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('season_id', '=', seasonId)
    .where('symbol_number', '=', symbolNumber)
    .where('birth_date', '=', birthDate)
    .where('state', '<>', 'withdrawn')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertApplication(db: Db, row: Insertable<ApplicationsTable>): Promise<void> {
  await db.insertInto('applications').values(row).execute();
}

export async function insertPayment(db: Db, row: Insertable<ApplicationPaymentsTable>): Promise<void> {
  await db.insertInto('application_payments').values(row).execute();
}

export async function insertEvent(db: Db, row: Insertable<ApplicationEventsTable>): Promise<void> {
  await db.insertInto('application_events').values(row).execute();
}

export async function insertDocument(db: Db, row: Insertable<ApplicationDocumentsTable>): Promise<void> {
  await db.insertInto('application_documents').values(row).execute();
}

export const findByReference = (db: Db, reference: string) =>
  db.selectFrom('applications').selectAll().where('reference', '=', reference).executeTakeFirst();

export const findById = (db: Db, id: string) =>
  db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();

export const findPayment = (db: Db, applicationId: string) =>
  db.selectFrom('application_payments').selectAll().where('application_id', '=', applicationId).executeTakeFirst();

/** Each document's kind, state and pictures, for the status page's progress and photo. */
export const documentStates = (db: Db, applicationId: string) =>
  db
    .selectFrom('application_documents')
    .select(['kind', 'state', 'variants'])
    .where('application_id', '=', applicationId)
    .orderBy('kind')
    .orderBy('position')
    .execute();

export async function deleteDocument(db: Db, id: string): Promise<void> {
  await db.deleteFrom('application_documents').where('id', '=', id).execute();
}

export const listDocumentsOfKind = (db: Db, applicationId: string, kind: string) =>
  db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('kind', '=', kind)
    .orderBy('position')
    .execute();

export async function deleteDocumentsOfKind(db: Db, applicationId: string, kind: string): Promise<void> {
  await db
    .deleteFrom('application_documents')
    .where('application_id', '=', applicationId)
    .where('kind', '=', kind)
    .execute();
}

/** Moves an application from one state to another; false when it was no longer in `from` (a concurrent change). */
export async function moveState(db: Db, id: string, from: string, to: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ state: to, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const programmeNames = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('admission_programmes').select(['id', 'name_en', 'name_ne']).where('id', 'in', ids).execute();

export async function deleteEvents(db: Db, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('application_events').where('id', 'in', ids).execute();
}

/** Removes an application and what hangs on it (undoing a submission whose files could not be put in place). */
export async function deleteApplication(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('application_documents').where('application_id', '=', id).execute();
    await trx.deleteFrom('application_events').where('application_id', '=', id).execute();
    await trx.deleteFrom('application_payments').where('application_id', '=', id).execute();
    await trx.deleteFrom('applications').where('id', '=', id).execute();
  });
}

/**
 * Tells the office, in the application's history, that its look-ups are paused after a walk on them: once an
 * hour at most (a walk goes on missing; the office needs the line once).
 */
export async function notePausedLookUps(db: Db, applicationId: string, at: Date, text: string): Promise<void> {
  const since = new Date(at.getTime() - 3_600_000).toISOString();
  const told = await db
    .selectFrom('application_events')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('kind', '=', 'look-ups-paused')
    .where('at', '>=', since)
    .executeTakeFirst();
  if (told) return;
  await insertEvent(db, {
    id: randomUUID(),
    application_id: applicationId,
    at: at.toISOString(),
    user_id: null,
    actor_name: 'System',
    kind: 'look-ups-paused',
    from_state: '',
    to_state: '',
    text,
  });
}

/** Replaces an application's access key (its hash): the key given before no longer opens it. */
export async function setAccessKeyHash(db: Db, applicationId: string, hash: string): Promise<void> {
  await db.updateTable('applications').set({ access_key_hash: hash }).where('id', '=', applicationId).execute();
}
