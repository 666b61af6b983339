import type { Db } from '#server/db/db.ts';
import type { BsMonthCorrectionsTable, BsYearConfirmationsTable } from '#server/db/schema.ts';

export type CorrectionRow = BsMonthCorrectionsTable;

export function listCorrections(db: Db): Promise<CorrectionRow[]> {
  return db.selectFrom('bs_month_corrections').selectAll().orderBy('year').execute();
}

export function readCorrection(db: Db, year: number): Promise<CorrectionRow | undefined> {
  return db.selectFrom('bs_month_corrections').selectAll().where('year', '=', year).executeTakeFirst();
}

export async function writeCorrection(db: Db, row: CorrectionRow): Promise<void> {
  const { months, source, updated_at, updated_by } = row;
  await db
    .insertInto('bs_month_corrections')
    .values(row)
    .onConflict((oc) => oc.column('year').doUpdateSet({ months, source, updated_at, updated_by }))
    .execute();
}

export async function deleteCorrection(db: Db, year: number): Promise<void> {
  await db.deleteFrom('bs_month_corrections').where('year', '=', year).execute();
}

export type ConfirmationRow = BsYearConfirmationsTable;

export function listConfirmations(db: Db): Promise<ConfirmationRow[]> {
  return db.selectFrom('bs_year_confirmations').selectAll().orderBy('year').execute();
}

export async function writeConfirmation(db: Db, row: ConfirmationRow): Promise<void> {
  const { source, confirmed_at, confirmed_by } = row;
  await db
    .insertInto('bs_year_confirmations')
    .values(row)
    .onConflict((oc) => oc.column('year').doUpdateSet({ source, confirmed_at, confirmed_by }))
    .execute();
}

export async function deleteConfirmation(db: Db, year: number): Promise<void> {
  await db.deleteFrom('bs_year_confirmations').where('year', '=', year).execute();
}
