import { sql } from 'kysely';
import type { Db } from '#server/db/db.ts';

/** The cheapest question the database answers: it throws when the database cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
