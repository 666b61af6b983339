import type { Db } from '#server/db/db.ts';
import type { ApplicationDocumentRow } from '#server/db/schema.ts';
import { finishClaim } from '#server/jobs/claims.repository.ts';

/**
 * The applicants' documents waiting to be processed, for the document queue (document-queue.ts). A worker
 * claims a row by writing its name and a lease end (server/jobs/claims.repository.ts); every change below holds
 * only while its claim does.
 */

/** How many documents wait (claimed or not) and since when the oldest has: the queue's depth for the office. */
export async function waiting(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('application_documents')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('state', '=', 'processing')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

/** Records the pictures drawn, only while this worker's claim holds and the document still exists. */
export async function markReady(
  db: Db,
  id: string,
  claim: string,
  values: Pick<ApplicationDocumentRow, 'variants' | 'width' | 'height' | 'pages' | 'file_key'>,
): Promise<boolean> {
  return finishClaim(db, 'application_documents', id, claim, { ...values, state: 'ready', failure: '' });
}

/** A document that could not be processed: kept as received, its reason in plain words for the office. */
export function markFailed(db: Db, id: string, claim: string, failure: string): Promise<boolean> {
  return finishClaim(db, 'application_documents', id, claim, { state: 'failed', failure });
}

/** Undoes markReady when the pictures could not be published: the document waits again as received, one try counted. */
export async function waitAgain(db: Db, id: string, fileKey: string | null): Promise<void> {
  await db
    .updateTable('application_documents')
    .set((eb) => ({ state: 'processing', variants: '[]', file_key: fileKey, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
