import type { Db } from '#server/db/db.ts';
import type { BsMonthCorrectionsTable } from '#server/db/schema.ts';

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
