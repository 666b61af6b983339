import type { Db } from '#server/db/db.ts';
import type { ApplicationDocumentRow } from '#server/db/schema.ts';

/**
 * The applicants' documents waiting to be processed, for the document queue (document-queue.ts). A worker
 * claims a row by writing its name and a lease end; every change below holds only while its claim does.
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

/**
 * Claims the oldest unclaimed (or expired-claim) waiting document, in arrival order (an application's files in
 * their order), in one UPDATE whose WHERE repeats the test: on PostgreSQL a second process that raced for the
 * same row re-reads it after the first committed and finds it claimed; SQLite runs one writer at a time.
 */
export async function claimNext(
  db: Db,
  { claim, now, until }: { claim: string; now: string; until: string },
): Promise<ApplicationDocumentRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await db
      .updateTable('application_documents')
      .set({ claimed_by: claim, claimed_until: until })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('application_documents as q')
          .select('q.id')
          .where('q.state', '=', 'processing')
          .where((w) => w.or([w('q.claimed_until', 'is', null), w('q.claimed_until', '<', now)]))
          .orderBy('q.created_at', 'asc')
          .orderBy('q.application_id', 'asc')
          .orderBy('q.position', 'asc')
          .orderBy('q.id', 'asc')
          .limit(1),
      )
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      return db
        .selectFrom('application_documents')
        .selectAll()
        .where('claimed_by', '=', claim)
        .where('state', '=', 'processing')
        .executeTakeFirst();
    }
    // Nothing claimable, or another process took the row between the sub-select and the update: look again.
    const left = await db
      .selectFrom('application_documents')
      .select('id')
      .where('state', '=', 'processing')
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .executeTakeFirst();
    if (!left) return undefined;
  }
  return undefined;
}

/** Claims held by workers, for releasing those of processes that have ended. */
export function listClaims(db: Db): Promise<{ id: string; claimed_by: string }[]> {
  return db
    .selectFrom('application_documents')
    .select(['id', 'claimed_by'])
    .where('state', '=', 'processing')
    .where('claimed_by', 'is not', null)
    .execute() as Promise<{ id: string; claimed_by: string }[]>;
}

/**
 * Gives a claim back so the document is taken up again; `tried` counts a try that ended without an answer (the
 * worker's process died, the pictures could not be stored), so that none is retried forever.
 */
export async function releaseClaim(db: Db, id: string, claim: string, tried: boolean): Promise<void> {
  await db
    .updateTable('application_documents')
    .set((eb) => ({
      claimed_by: null,
      claimed_until: null,
      ...(tried ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .execute();
}

/** Records the pictures drawn, only while this worker's claim holds and the document still exists. */
export async function markReady(
  db: Db,
  id: string,
  claim: string,
  values: Pick<ApplicationDocumentRow, 'variants' | 'width' | 'height' | 'pages' | 'file_key'>,
): Promise<boolean> {
  const result = await db
    .updateTable('application_documents')
    .set({ ...values, state: 'ready', failure: '', claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A document that could not be processed: kept as received, its reason in plain words for the office. */
export async function markFailed(db: Db, id: string, claim: string, failure: string): Promise<boolean> {
  const result = await db
    .updateTable('application_documents')
    .set({ state: 'failed', failure, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claim)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Undoes markReady when the pictures could not be published: the document waits again as received, one try counted. */
export async function waitAgain(db: Db, id: string, fileKey: string | null): Promise<void> {
  await db
    .updateTable('application_documents')
    .set((eb) => ({ state: 'processing', variants: '[]', file_key: fileKey, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
