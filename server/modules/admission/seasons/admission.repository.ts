import type { Db } from '#server/db/db.ts';

export async function readAdmissionStatus(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('admission_status').select('status').where('id', '=', 1).executeTakeFirst();
  return row?.status;
}

export async function writeAdmissionStatus(db: Db, status: string, updatedAt: string): Promise<void> {
  await db
    .insertInto('admission_status')
    .values({ id: 1, status, updated_at: updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status, updated_at: updatedAt }))
    .execute();
}
