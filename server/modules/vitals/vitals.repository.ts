import type { Db } from '#server/db/db.ts';
import type { VitalsTable } from '#server/db/schema.ts';

export async function insertVitals(db: Db, rows: VitalsTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('vitals').values(rows).execute();
}

/** Every sample since `sinceIso`, as the admin page needs them for percentiles (bounded by the row cap). */
export function listSince(
  db: Db,
  sinceIso: string,
): Promise<Pick<VitalsTable, 'route' | 'metric' | 'value' | 'created_at'>[]> {
  return db
    .selectFrom('vitals')
    .select(['route', 'metric', 'value', 'created_at'])
    .where('created_at', '>=', sinceIso)
    .execute();
}

export async function countVitals(db: Db): Promise<number> {
  const row = await db
    .selectFrom('vitals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes rows created before `beforeIso`; returns how many. */
export async function deleteOlderThan(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('vitals').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps the newest `keep` rows (ties at the boundary are kept too); returns how many were deleted. */
export async function deleteBeyondNewest(db: Db, keep: number): Promise<number> {
  const boundary = await db
    .selectFrom('vitals')
    .select('created_at')
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!boundary) return 0;
  const result = await db.deleteFrom('vitals').where('created_at', '<', boundary.created_at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
