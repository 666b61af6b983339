import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type PhotoText, defaultAlbum } from '#common/gallery.ts';
import type { Image, ImageFolder } from '#common/image.ts';
import { FEATURED_MAX } from '#common/limits.ts';
import type { Db } from '#server/db/db.ts';
import type { ImageRow } from '#server/db/schema.ts';
import { conflict, notFound, refusal } from '#server/errors.ts';
import { type ImageLimits, imageTooLarge, processImage } from '#server/images/image-pipeline.ts';
import { isHeif, sniffImageFormat } from '#server/images/sniff.ts';
import { parseVariants, toImage } from '#server/images/variants.ts';
import { storeBeforeCommit, storeWithCommit } from '#server/storage/store-with-commit.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Storage } from '#server/storage/storage.ts';
import { IMAGE_PREFIX, photoOriginalKey } from './images.files.ts';
import { readCollegeShortName } from '#server/modules/content/index.ts';
import * as queueRepo from './photo-queue.repository.ts';
import * as albumsRepo from './albums.repository.ts';
import * as repo from './images.repository.ts';
import { pageWindow } from '#common/paging.ts';
import { storedVariants } from '#server/images/stored-variants.ts';

/** How the audit log names a photo: images have no title, so their folder, size and id. */
export const photoName = (row: Pick<ImageRow, 'id' | 'folder' | 'width' | 'height'>) =>
  `${row.folder} photo ${row.width}×${row.height} (${row.id})`;

/** Every stored file of a photo: its variants, and its original while it waits for processing. */
export const fileKeys = (row: Pick<ImageRow, 'variants' | 'original_key'>) => [
  ...parseVariants(row.variants).map((v) => v.key),
  ...(row.original_key ? [row.original_key] : []),
];

const MAX_PER_FOLDER: Partial<Record<ImageFolder, number>> = { featured: FEATURED_MAX };

export interface ImagesServiceDeps {
  db: Db;
  storage: Storage;
  limits: ImageLimits;
  urlFor: (key: string) => string;
  log: FastifyBaseLogger;
  /** Images per page of a paged list (the public gallery). */
  pageSize: number;
  clock: Clock;
  /** Album photos that may wait for processing at once (PHOTO_QUEUE_MAX). */
  queueMax: number;
  /** Tells the background worker a photo was queued (server/modules/images/photo-queue.ts). */
  queued: () => void;
}

/** Seconds a client told the queue is full should wait: about what the worker needs for a few photos. */
const QUEUE_FULL_RETRY_SECONDS = 60;

export interface ImagePage {
  images: Image[];
  /** 1-based. */
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

export function createImagesService({
  db,
  storage,
  limits,
  urlFor,
  log,
  pageSize,
  clock,
  queueMax,
  queued,
}: ImagesServiceDeps) {
  const queueFull = () => refusal('image/queue-full', undefined, { 'retry-after': String(QUEUE_FULL_RETRY_SECONDS) });

  const fullError = (folder: ImageFolder, max: number) =>
    conflict('image/folder-full', `The ${folder} folder already holds ${max} images. Delete one first.`);

  async function removeFiles(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') log.error({ err: r.reason, key: keys[i] }, 'could not delete a stored image file');
    });
  }

  return {
    async list(folder: ImageFolder): Promise<Image[]> {
      return (await repo.listImages(db, folder)).map((row) => toImage(row, urlFor));
    },

    /** One page of a folder, newest first; null for a page past the last (page 1 always exists). */
    async listPage(folder: ImageFolder, page: number): Promise<ImagePage | null> {
      const total = await repo.countImages(db, folder);
      const window = pageWindow(total, page, pageSize);
      if (!window) return null;
      const rows = await repo.listImages(db, folder, { limit: pageSize, offset: window.offset });
      const images = rows.map((row) => toImage(row, urlFor));
      return { images, page, pageCount: window.pageCount, pageSize, total };
    },

    /**
     * Processes, stores and records an upload; on any failure (a full disk: 507) nothing is left behind.
     * With an album, the photo goes to the end of that album (which must exist) and becomes its cover when it
     * has none.
     */
    async create(actor: Actor, folder: ImageFolder, input: Buffer, albumId?: string): Promise<Image> {
      authorize(actor, 'photos.edit');
      const max = MAX_PER_FOLDER[folder];
      if (max !== undefined && (await repo.countImages(db, folder)) >= max) throw fullError(folder, max);
      if (albumId !== undefined && !(await albumsRepo.findAlbum(db, albumId))) throw notFound('album');

      const processed = await processImage(input, limits);
      const id = randomUUID();
      const prefix = `${IMAGE_PREFIX}${id}`;
      const { variants, files } = storedVariants(prefix, processed);
      const row: ImageRow = {
        id,
        folder,
        storage_key: prefix,
        width: processed.width,
        height: processed.height,
        variants: JSON.stringify(variants),
        original_bytes: input.length,
        created_at: clock.now().toISOString(),
        album_id: albumId ?? null,
        position: 0,
        caption_en: '',
        caption_ne: '',
        alt_en: '',
        alt_ne: '',
        taken_at: processed.takenAt,
        state: 'ready',
        failure: '',
        original_key: null,
        claimed_by: null,
        claimed_until: null,
      };
      // The files appear only once the row is committed; on any failure neither is left.
      await storeWithCommit(
        storage,
        files,
        {
          // The limit holds across processes: count and insert are one locked statement, not a read then a write.
          commit: () =>
            changeContent(db, clock.now(), async (trx) => {
              // A gallery photo sent without an album goes to the default one, so it still shows on /gallery.
              const target =
                albumId ??
                (folder === 'gallery'
                  ? await albumsRepo.defaultAlbumId(
                      trx,
                      defaultAlbum(await readCollegeShortName(trx)),
                      randomUUID,
                      row.created_at,
                    )
                  : undefined);
              if (target !== undefined) {
                await albumsRepo.lockAlbum(trx, target);
                const album = await albumsRepo.findAlbum(trx, target);
                if (!album) throw notFound('album');
                row.album_id = target;
                row.position = await albumsRepo.nextPosition(trx, target);
                if (album.cover_image_id === null) {
                  await albumsRepo.updateAlbum(trx, target, { cover_image_id: id });
                }
              }
              if (max === undefined) await repo.insertImage(trx, row);
              else if (!(await repo.insertImageWithinLimit(trx, row, max))) throw fullError(folder, max);
              await audit(trx, actor, { kind: 'photo-uploaded', subject: photoName(row) }, clock.now());
            }),
          revert: async () => {
            await changeContent(db, clock.now(), async (trx) => {
              if (await repo.deleteImage(trx, id)) {
                await audit(
                  trx,
                  actor,
                  { kind: 'photo-deleted', subject: `${photoName(row)} (its files could not be stored)` },
                  clock.now(),
                );
              }
            });
          },
        },
        log,
      );
      return toImage(row, urlFor);
    },

    /**
     * Queues an album photo: its original is stored and its row recorded in state 'processing' (both or neither),
     * and the background worker makes its variants (photo-queue.ts). What is plainly not an image is refused now;
     * a damaged one fails in processing, with the reason on the photo. 503 with Retry-After while PHOTO_QUEUE_MAX
     * photos already wait: nothing is stored. `text`: its caption and alt text, when they are known already (an
     * import brings them with the photo). `pastQueueLimit`: an import's photos are queued whatever the queue
     * holds: they come one at a time from files the import has read, not from many senders at once, and one
     * refused would leave its album without it.
     */
    async enqueue(
      actor: Actor,
      albumId: string,
      input: Buffer,
      text?: PhotoText,
      {
        pastQueueLimit = false,
        alsoWrite,
      }: {
        pastQueueLimit?: boolean;
        /** Commits with the queued photo's row (an import records what the photo was made from). */
        alsoWrite?: (trx: Db, imageId: string) => Promise<void>;
      } = {},
    ): Promise<{ id: string; state: 'processing' }> {
      const limit = pastQueueLimit ? Number.POSITIVE_INFINITY : queueMax;
      authorize(actor, 'photos.edit');
      if (input.length > limits.maxBytes) throw imageTooLarge(limits.maxBytes);
      if (sniffImageFormat(input) === null && !isHeif(input)) {
        throw refusal('image/unsupported', 'The file is not a JPEG, PNG, WebP, AVIF or HEIC image.');
      }
      if (!(await albumsRepo.findAlbum(db, albumId))) throw notFound('album');
      // Checked before storing anything, and again (atomically) with the insert.
      if ((await queueRepo.countProcessing(db)) >= limit) throw queueFull();

      const id = randomUUID();
      const originalKey = photoOriginalKey(id);
      const row: ImageRow = {
        id,
        folder: 'gallery',
        storage_key: `${IMAGE_PREFIX}${id}`,
        width: 0,
        height: 0,
        variants: '[]',
        original_bytes: input.length,
        created_at: clock.now().toISOString(),
        album_id: albumId,
        // Its place is given when it becomes ready, at the end of its album.
        position: 0,
        caption_en: text?.captionEn ?? '',
        caption_ne: text?.captionNe ?? '',
        alt_en: text?.altEn ?? '',
        alt_ne: text?.altNe ?? '',
        taken_at: null,
        state: 'processing',
        failure: '',
        original_key: originalKey,
        claimed_by: null,
        claimed_until: null,
      };
      const queuedName = `gallery photo (${id}), queued for processing`;
      // Written before its row commits: the worker may claim the photo the moment it does.
      await storeBeforeCommit(
        storage,
        [{ key: originalKey, body: input, contentType: 'application/octet-stream' }],
        () =>
          db.transaction().execute(async (trx) => {
            if (!(await albumsRepo.findAlbum(trx, albumId))) throw notFound('album');
            if (!(await queueRepo.insertWithinQueueLimit(trx, row, limit))) throw queueFull();
            await audit(trx, actor, { kind: 'photo-uploaded', subject: queuedName }, clock.now());
            await alsoWrite?.(trx, id);
          }),
        log,
      );
      queued();
      return { id, state: 'processing' };
    },

    /**
     * Deletes the row first (so the image leaves every page at once), then its files. Of two concurrent
     * deletes exactly one wins; the other, like a delete of an image already gone, answers 404.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'photos.edit');
      const row = await changeContent(db, clock.now(), async (trx) => {
        const found = await repo.findImage(trx, id);
        if (!found || !(await repo.deleteImage(trx, id))) return undefined;
        await albumsRepo.clearCover(trx, [id]);
        await audit(trx, actor, { kind: 'photo-deleted', subject: photoName(found) }, clock.now());
        return found;
      });
      if (!row) throw notFound('image');
      await removeFiles(fileKeys(row));
    },

    /**
     * Deletes several photos at once, all or none: 404 naming nothing deleted when any of them is already
     * gone (the page was stale). Rows first, in one transaction, then their files.
     */
    async removeMany(actor: Actor, ids: string[]): Promise<number> {
      authorize(actor, 'photos.edit');
      const unique = [...new Set(ids)];
      const rows = await changeContent(db, clock.now(), async (trx) => {
        const found = await albumsRepo.findImages(trx, unique);
        if (found.length !== unique.length) throw notFound('photo');
        for (const row of found) {
          if (!(await repo.deleteImage(trx, row.id))) throw notFound('photo');
          await audit(trx, actor, { kind: 'photo-deleted', subject: photoName(row) }, clock.now());
        }
        await albumsRepo.clearCover(trx, unique);
        return found;
      });
      await removeFiles(rows.flatMap(fileKeys));
      return rows.length;
    },

    count: (folder: ImageFolder) => repo.countImages(db, folder),

    /** The upload limits, for the HTTP layer (multipart size cap) and the admin pages (early check). */
    limits: { ...limits } as Readonly<ImageLimits>,
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
