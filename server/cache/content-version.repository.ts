import { type Db, nowIso } from '../db/db.ts';

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Moves the counter forward and answers the new value (one statement: atomic across processes). */
export async function bumpContentVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
