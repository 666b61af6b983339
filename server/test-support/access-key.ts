import type { Db } from '#server/db/db.ts';
import { accessKeyHash, newAccessKey } from '#server/modules/admission/index.ts';

/**
 * Gives an application a new access key and answers it, for a test that made the application by other means
 * than the form (which shows its key on the confirmation).
 */
export async function giveAccessKey(db: Db, reference: string): Promise<string> {
  const key = newAccessKey();
  await db
    .updateTable('applications')
    .set({ access_key_hash: accessKeyHash(key) })
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return key;
}
