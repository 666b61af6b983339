import type { FastifyBaseLogger } from 'fastify';
import type { DocumentKind } from '#common/admission/application.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationDocumentRow } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { createClaimQueue } from '#server/jobs/claim-queue.ts';
import { type PhotoProcess, ProcessTimeoutError, storedSource } from '#server/modules/images/index.ts';
import { storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { documentPictures } from './application-documents.ts';
import * as repo from './document-queue.repository.ts';

/** How long a worker's claim on a document holds (another machine's process may have died holding it). */
const CLAIM_MS = 10 * 60_000;
/** How often an idle worker looks for documents queued by other processes (or whose claim expired). */
const POLL_MS = 30_000;
/**
 * One file's time to be drawn, in the lowest-priority process on a busy machine: a 12-megapixel photo or a PDF's
 * first page takes a second or two on a quiet core. Past it the file is kept as received and flagged, never
 * tried again (one slow file cannot hold the line).
 */
export const DOCUMENT_BUDGET_MS = 90_000;
/** Tries that end without an answer (the process died, the pictures could not be stored) before a file is flagged. */
export const DOCUMENT_ATTEMPTS = 3;

/** What the office reads on a document that could not be processed; the parent's status page says it in its own words. */
export const DOCUMENT_FAILURES = {
  unreadable: (reason: string) => `Could not be read: ask for it again. (${reason})`,
  slow: 'Could not be read in time: ask for it again. The file is kept as it was received.',
  lost: 'The file as received is missing from storage: ask for it again.',
  server: 'The server could not process this file after several tries: ask for it again. It is kept as received.',
} as const;

export interface DocumentQueueDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The lowest-priority child process that draws the pictures (shared with the album photos' queue). */
  photoProcess: PhotoProcess;
  pdfTimeoutMs: number;
  budgetMs?: number;
}

/** The application was deleted (purged, a decline's restore undone) while its document was processed. */
class DocumentGone extends Error {}

/**
 * Draws the pictures of the documents applicants sent, after their application was accepted and answered: in
 * arrival order, one at a time, in the lowest-priority child process, each within its time budget. A document is
 * claimed in the database with this worker's name and a lease (server/jobs/claim-queue.ts), so two processes
 * never draw the same file and one whose worker died is taken up again; a kill -9 at any moment leaves every
 * accepted document either drawn or still waiting with its file as received.
 */
export function createDocumentQueue({
  db,
  storage,
  clock,
  log,
  photoProcess,
  pdfTimeoutMs,
  budgetMs = DOCUMENT_BUDGET_MS,
}: DocumentQueueDeps) {
  async function flag(row: ApplicationDocumentRow, claim: string, failure: string): Promise<void> {
    await repo.markFailed(db, row.id, claim, failure);
    log.warn(
      { document: row.id, application: row.application_id },
      'document queue: a document could not be processed',
    );
  }

  async function processRow(row: ApplicationDocumentRow, claim: string): Promise<void> {
    if (row.attempts >= DOCUMENT_ATTEMPTS) return flag(row, claim, DOCUMENT_FAILURES.server);
    const received = row.file_key ? await storedSource(storage, row.file_key) : null;
    if (!received) return flag(row, claim, DOCUMENT_FAILURES.lost);
    let drawn;
    try {
      drawn = await photoProcess.processDocument(received, { kind: row.kind as DocumentKind, pdfTimeoutMs }, budgetMs);
    } catch (err) {
      // The file's own fault (damaged, too many pixels): its words are the reason, and it is not tried again.
      if (err instanceof AppError && err.statusCode < 500)
        return flag(row, claim, DOCUMENT_FAILURES.unreadable(err.message));
      if (err instanceof ProcessTimeoutError) return flag(row, claim, DOCUMENT_FAILURES.slow);
      throw err;
    }
    const { variants, files } = documentPictures(row.application_id, row.id, drawn.picture);
    // A photo is kept only as its pictures (no metadata); a PDF as it was sent, beside its first page's picture.
    const keepReceived = drawn.format === 'pdf';
    try {
      await storeWithCommit(
        storage,
        files,
        {
          commit: async () => {
            const done = await repo.markReady(db, row.id, claim, {
              variants: JSON.stringify(variants),
              width: drawn.picture.width,
              height: drawn.picture.height,
              pages: drawn.format === 'pdf' ? drawn.pages : null,
              file_key: keepReceived ? row.file_key : null,
            });
            if (!done) throw new DocumentGone();
          },
          // The pictures could not be published: the document waits again, its file as received untouched.
          revert: () => repo.waitAgain(db, row.id, row.file_key),
        },
        log,
      );
    } catch (err) {
      if (err instanceof DocumentGone) return;
      throw err;
    }
    if (!keepReceived && row.file_key) {
      await storage
        .delete(row.file_key)
        .catch((err: unknown) =>
          log.error({ err, document: row.id }, 'document queue: could not delete a processed photo as received'),
        );
    }
  }

  const queue = createClaimQueue<ApplicationDocumentRow>({
    name: 'document queue',
    db,
    table: 'application_documents',
    // In arrival order: an application's files in their order.
    order: ['created_at', 'application_id', 'position', 'id'],
    claimMs: CLAIM_MS,
    clock,
    log,
    // A worker that died mid-file may have died of the file: the try counts.
    abandonedCountsAsTry: true,
    process: processRow,
    // Not the file's fault (the process died, storage failed): it waits for another try, counted.
    afterError: async (row, claim, err) => {
      log.error({ err, document: row.id }, 'document queue: processing a document failed; it is tried again');
      await queue
        .release(row.id, claim, true)
        .catch((releaseErr: unknown) =>
          log.error({ err: releaseErr, document: row.id }, 'document queue: could not release a claim'),
        );
    },
  });

  return {
    processOne: queue.processOne,
    drain: queue.drain,
    releaseAbandoned: queue.releaseAbandoned,
    /** How many documents wait to be processed, and the oldest one's age in seconds (for health and the office). */
    async depth(): Promise<{ waiting: number; oldestSeconds: number | null }> {
      const { count, oldest } = await repo.waiting(db);
      const age = oldest ? Math.max(0, Math.round((clock.now().getTime() - new Date(oldest).getTime()) / 1000)) : null;
      return { waiting: count, oldestSeconds: age };
    },
    /** Starts the background worker (server/main.ts); tests call drain or processOne instead. */
    start: (intervalMs = POLL_MS) => queue.start(intervalMs),
    /** A round at once, when started: called after an application or a corrected document was accepted. */
    wake: queue.wake,
  };
}
export type DocumentQueue = ReturnType<typeof createDocumentQueue>;
