import type { Insertable } from 'kysely';
import type { Db } from '#server/db/db.ts';
import type { Database } from '#server/db/schema.ts';

/** SQLite takes at most 32,766 bound values per statement: a bench's many seeded rows go in slices of 200. */
export async function insertInSlices<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
}
