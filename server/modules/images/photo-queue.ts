import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/db.ts';
import type { ImageRow } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { Clock } from '#server/clock.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { ImageLimits, ProcessedImage } from '#server/images/image-pipeline.ts';
import { storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import * as albumsRepo from './albums.repository.ts';
import { type PhotoProcess, createPhotoProcess } from './photo-process.ts';
import { storedSource } from './photo-source.ts';
import { createClaimQueue } from '#server/jobs/claim-queue.ts';
import * as repo from './photo-queue.repository.ts';
import { storedVariants } from '#server/images/stored-variants.ts';

/**
 * How long a worker's claim on a photo holds. A photo takes seconds; a claim of a process that ended on this
 * machine is released at once when a worker starts, so this only matters when another machine's process died.
 */
export const CLAIM_MS = 10 * 60_000;
/** How often an idle worker looks for photos queued by other processes (or whose claim expired). */
const POLL_MS = 30_000;

const LOST_ORIGINAL = 'The uploaded file was lost before it could be processed. Delete this entry and send it again.';
const SERVER_FAILURE = 'The server could not process this photo. Delete this entry and send it again.';
const NOT_STORED =
  'The processed photo could not be stored (the disk may be full). Delete this entry and send it again.';

export interface PhotoQueueDeps {
  db: Db;
  storage: Storage;
  limits: ImageLimits;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The lowest-priority child process, shared with the applicants' document queue (one decodes at a time). */
  photoProcess?: PhotoProcess;
}

/** The office deleted the photo while it was processed: nothing is recorded and the staged files are discarded. */
class PhotoGone extends Error {}

/**
 * Processes uploaded album photos in the background, one at a time per process, in a child process at the lowest
 * CPU priority (photo-process.ts), so a bulk upload never takes more than one photo's worth of memory, and only
 * the CPU the pages being served leave. Each photo is claimed in the
 * database (server/jobs/claim-queue.ts) with this worker's name, which says its process and machine, and a lease,
 * so two processes never process the same photo and a photo whose worker died is taken up again.
 */
export function createPhotoQueue({
  db,
  storage,
  limits,
  clock,
  log,
  photoProcess = createPhotoProcess({ log }),
}: PhotoQueueDeps) {
  // The decoding and encoding run in a child process at the lowest CPU priority, started and ended as needed.

  async function deleteOriginal(key: string | null): Promise<void> {
    if (!key) return;
    await storage
      .delete(key)
      .catch((err: unknown) => log.error({ err, key }, 'photo queue: could not delete a processed original'));
  }

  async function fail(row: ImageRow, claim: string, reason: string): Promise<void> {
    // Nothing public changes: a photo that never became ready was never shown.
    await repo.markFailed(db, row.id, claim, reason);
    await deleteOriginal(row.original_key);
  }

  async function processRow(row: ImageRow, claim: string): Promise<void> {
    const original = row.original_key ? await storedSource(storage, row.original_key) : null;
    if (!original) {
      log.error({ image: row.id }, 'photo queue: the original of a photo waiting for processing is missing');
      await fail(row, claim, LOST_ORIGINAL);
      return;
    }
    let processed: ProcessedImage;
    try {
      processed = await photoProcess.process(original, limits);
    } catch (err) {
      // A refusal (not an image, damaged, too many pixels) is the photo's own fault: its words are the reason.
      if (err instanceof AppError && err.statusCode < 500) {
        await fail(row, claim, err.message);
        return;
      }
      throw err;
    }
    const { variants, files } = storedVariants(row.storage_key, processed);
    try {
      await storeWithCommit(
        storage,
        files,
        {
          // Shown from this moment, at the end of its album (photos become ready in the order they were sent).
          commit: () =>
            changeContent(db, clock.now(), async (trx) => {
              // Its album now: the office may have moved it while it was processed.
              const [current] = await albumsRepo.findImages(trx, [row.id]);
              if (!current) throw new PhotoGone();
              const albumId = current.album_id;
              if (albumId !== null) await albumsRepo.lockAlbum(trx, albumId);
              const position = albumId !== null ? await albumsRepo.nextPosition(trx, albumId) : 0;
              const done = await repo.markReady(trx, row.id, claim, {
                width: processed.width,
                height: processed.height,
                variants: JSON.stringify(variants),
                taken_at: processed.takenAt,
                position,
              });
              if (!done) throw new PhotoGone();
              if (albumId !== null) {
                const album = await albumsRepo.findAlbum(trx, albumId);
                if (album && album.cover_image_id === null) {
                  await albumsRepo.updateAlbum(trx, albumId, { cover_image_id: row.id });
                }
              }
            }),
          revert: async () => {
            await changeContent(db, clock.now(), async (trx) => {
              await repo.markNotStored(trx, row.id, NOT_STORED);
              await albumsRepo.clearCover(trx, [row.id]);
            });
          },
        },
        log,
      );
    } catch (err) {
      if (!(err instanceof PhotoGone)) throw err;
    }
    await deleteOriginal(row.original_key);
  }

  const queue = createClaimQueue<ImageRow>({
    name: 'photo queue',
    db,
    table: 'images',
    order: repo.PHOTO_ORDER,
    claimMs: CLAIM_MS,
    clock,
    log,
    loopClock: clock,
    abandonedCountsAsTry: false,
    process: processRow,
    // Not the photo's fault, and not tried again: it fails, and the office is told to send it again.
    afterError: async (row, claim, err) => {
      log.error({ err, image: row.id }, 'photo queue: processing a photo failed');
      await fail(row, claim, SERVER_FAILURE).catch((failErr: unknown) =>
        log.error({ err: failErr, image: row.id }, 'photo queue: could not record a failed photo'),
      );
    },
  });

  return {
    processOne: queue.processOne,
    drain: queue.drain,
    /** The child process's id while it runs (tests read its threads' priority). */
    get processPid() {
      return photoProcess.pid;
    },
    releaseAbandoned: queue.releaseAbandoned,
    /** Starts the background worker (server/main.ts); tests call drain or processOne instead. */
    async start(intervalMs = POLL_MS) {
      const rounds = await queue.start(intervalMs);
      return {
        async stop() {
          await rounds.stop();
          photoProcess.stop();
        },
      };
    },
    /** A round at once, when started: called after an upload was queued. */
    wake: queue.wake,
    /** Where photos stand, for the office's page polling them. */
    states(actor: Actor, ids: string[]) {
      authorize(actor, 'photos.edit');
      return repo.photoStates(db, ids);
    },
  };
}
export type PhotoQueue = ReturnType<typeof createPhotoQueue>;
