import type { Db } from '../db/db.ts';

export async function readContentVersion(db: Db): Promise<{ version: number; nextChangeAt: string | null }> {
  const row = await db
    .selectFrom('content_version')
    .select(['version', 'next_change_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { version: Number(row.version), nextChangeAt: row.next_change_at };
}

/** Moves the counter forward at `at` (ISO) and answers the new value (one statement: atomic across processes). */
export async function bumpContentVersion(db: Db, at: string): Promise<number> {
  const row = await db
    .updateTable('content_version')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Records when public pages next change by themselves (written with the change that decides it). */
export async function setNextChangeAt(db: Db, at: string | null): Promise<void> {
  await db.updateTable('content_version').set({ next_change_at: at }).where('id', '=', 1).execute();
}

/**
 * The scheduled change `due` has come: moves the counter forward and records the next one, unless another
 * write (a save, another process's roll) replaced `due` meanwhile, which moved the counter itself.
 */
export function rollScheduledChange(db: Db, due: string, at: string, findNext: (trx: Db) => Promise<string | null>) {
  return db.transaction().execute(async (trx) => {
    const next = await findNext(trx);
    await trx
      .updateTable('content_version')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: at, next_change_at: next }))
      .where('id', '=', 1)
      .where('next_change_at', '=', due)
      .execute();
    return (await readContentVersion(trx)).version;
  });
}
