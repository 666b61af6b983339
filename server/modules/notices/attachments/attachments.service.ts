import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ATTACHMENT_ERRORS, type Attachment, NOTICE_ATTACHMENT_LIMITS as L } from '#common/notice-attachments.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { NoticeAttachmentRow } from '#server/db/schema.ts';
import { conflict, notFound, refusal } from '#server/errors.ts';
import { type ImageLimits, type ProcessedImage, processImage } from '#server/images/image-pipeline.ts';
import { sniffImageFormat } from '#server/images/sniff.ts';
import { type StoredVariant, variantKey } from '#server/images/variants.ts';
import { touchNotice } from '#server/modules/notices/notices.repository.ts';
import { checkPdf } from '#server/pdf/pdf-check.ts';
import { type NewFile, storeWithCommit } from '#server/storage/store-with-commit.ts';
import { type Storage, contentTypeForKey } from '#server/storage/storage.ts';
import { ATTACHMENT_PREFIX, attachmentKeys, servedName, toAttachment } from './attachment-files.ts';
import * as repo from './attachments.repository.ts';

export interface AttachmentsDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The photo upload limits: a scan is a photo. */
  imageLimits: ImageLimits;
  /** How long a PDF may take to open and have page 1 drawn. */
  pdfTimeoutMs: number;
  /** What time it is: a scheduled notice's files are not served before its publish time. */
  clock: Clock;
}

/** Page 1 is drawn by us at a known width, so only its height (a page size the file claims) is bounded. */
const THUMBNAIL_LIMITS: ImageLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxPixels: L.thumbnailWidth * L.thumbnailWidth * 4,
};

const full = () => conflict(ATTACHMENT_ERRORS.full.code, ATTACHMENT_ERRORS.full.message);
const unsupported = () => refusal(ATTACHMENT_ERRORS.unsupported.code, ATTACHMENT_ERRORS.unsupported.message);

interface Prepared {
  kind: 'pdf' | 'image';
  pages: number | null;
  picture: ProcessedImage;
}

/**
 * A notice's attachments: PDFs (accepted by their content, with page 1 drawn in a worker thread within a
 * time limit) and scans, both through the image pipeline. A row and its files appear together or not at
 * all (server/storage/store-with-commit.ts); files are deleted after the row's deletion commits.
 */
export function createAttachmentsService({ db, storage, log, imageLimits, pdfTimeoutMs, clock }: AttachmentsDeps) {
  async function removeFiles(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    results.forEach((r, i) => {
      if (r.status === 'rejected') log.error({ err: r.reason, key: keys[i] }, 'could not delete an attachment file');
    });
  }

  /** Decides what the file is by its bytes, never by its name or declared type. */
  async function prepare(file: Buffer): Promise<Prepared> {
    if (file.subarray(0, 5).toString('latin1') === '%PDF-') {
      const { pages, thumbnail } = await checkPdf(file, {
        maxBytes: L.pdfBytes,
        maxPages: L.pdfPages,
        thumbnailWidth: L.thumbnailWidth,
        timeoutMs: pdfTimeoutMs,
      });
      if (!thumbnail) throw new Error('checkPdf answered no thumbnail');
      return { kind: 'pdf', pages, picture: await processImage(thumbnail, THUMBNAIL_LIMITS) };
    }
    if (sniffImageFormat(file) === null) throw unsupported();
    return { kind: 'image', pages: null, picture: await processImage(file, imageLimits) };
  }

  return {
    /** Each notice's attachments, in order (notices without any are absent from the map). */
    async listFor(noticeIds: readonly string[]): Promise<Map<string, Attachment[]>> {
      const byNotice = new Map<string, Attachment[]>();
      for (const row of await repo.listAttachments(db, noticeIds)) {
        const list = byNotice.get(row.notice_id) ?? [];
        list.push(toAttachment(row));
        byNotice.set(row.notice_id, list);
      }
      return byNotice;
    },

    /**
     * Attaches a PDF or a scan, an edit of the notice (its change time moves); 404 for a notice that is gone,
     * 409 past the limit. Nothing is left on failure.
     */
    async add(actor: Actor, noticeId: string, file: Buffer): Promise<Attachment> {
      authorize(actor, 'notices.edit');
      // Refused before the file is read when the answer is already known; checked again at the commit.
      if ((await repo.findNoticeTitle(db, noticeId)) === undefined) throw notFound('notice');
      if ((await repo.lockedCount(db, noticeId)).count >= L.perNotice) throw full();

      const { kind, pages, picture } = await prepare(file);
      const id = randomUUID();
      const prefix = `${ATTACHMENT_PREFIX}${id}`;
      const variants: StoredVariant[] = picture.variants.map((v) => ({
        format: v.format,
        width: v.width,
        height: v.height,
        key: variantKey(prefix, picture.hash, v.width, v.format),
        bytes: v.body.length,
      }));
      const fileKey = kind === 'pdf' ? `${prefix}/${picture.hash}.pdf` : null;
      const files: NewFile[] = variants.map((v, i) => ({
        key: v.key,
        body: picture.variants[i]!.body,
        contentType: contentTypeForKey(v.key),
      }));
      if (fileKey) files.push({ key: fileKey, body: file, contentType: 'application/pdf' });

      const row = await storeWithCommit(
        storage,
        files,
        {
          commit: () =>
            changeContent(db, async (trx): Promise<NoticeAttachmentRow> => {
              const title = await repo.findNoticeTitle(trx, noticeId);
              if (title === undefined) throw notFound('notice');
              const { count, next } = await repo.lockedCount(trx, noticeId);
              if (count >= L.perNotice) throw full();
              const inserted: NoticeAttachmentRow = {
                id,
                notice_id: noticeId,
                position: next,
                kind,
                file_key: fileKey,
                served_name: servedName(title, next),
                bytes: file.length,
                pages,
                width: picture.width,
                height: picture.height,
                variants: JSON.stringify(variants),
                created_at: clock.now().toISOString(),
              };
              await repo.insertAttachment(trx, inserted);
              const now = clock.now();
              await touchNotice(trx, noticeId, now.toISOString());
              const changes = [{ field: 'Attachment added', from: '', to: `${inserted.served_name}.${kind}` }];
              await audit(trx, actor, { kind: 'notice-edited', subject: title, changes }, now);
              return inserted;
            }),
          revert: async () => {
            await changeContent(db, (trx) => repo.deleteAttachment(trx, noticeId, id));
          },
        },
        log,
      );
      return toAttachment(row);
    },

    /**
     * Removes one attachment, an edit of the notice (404 when it is not this notice's): its row, the notice's
     * change time and the audit entry commit together,
     * and only then are its files deleted, so a crash in between leaves files the storage sweep collects,
     * never a row without its files.
     */
    async remove(actor: Actor, noticeId: string, attachmentId: string): Promise<void> {
      authorize(actor, 'notices.edit');
      const row = await changeContent(db, async (trx) => {
        const deleted = await repo.deleteAttachment(trx, noticeId, attachmentId);
        if (!deleted) return undefined;
        const now = clock.now();
        await touchNotice(trx, noticeId, now.toISOString());
        const subject = (await repo.findNoticeTitle(trx, noticeId)) ?? '';
        await audit(trx, actor, { kind: 'notice-edited', subject }, now);
        return deleted;
      });
      if (!row) throw notFound('attachment');
      await removeFiles(attachmentKeys(row));
    },

    /**
     * For the notice's own deletion: removes its attachments' rows in the notice's transaction and answers a
     * step that deletes their files, to be run once that transaction has committed.
     */
    async removeRowsOf(trx: Db, noticeId: string): Promise<() => Promise<void>> {
      const rows = await repo.deleteAttachmentsOf(trx, noticeId);
      return () => removeFiles(rows.flatMap(attachmentKeys));
    },

    /**
     * The row and the storage key of one served file; null when it is not one of this attachment's, or when
     * its notice is still scheduled (the public cannot tell which).
     */
    async publicFile(attachmentId: string, file: string): Promise<{ row: NoticeAttachmentRow; key: string } | null> {
      const row = await repo.findPublishedAttachment(db, attachmentId, clock.now().toISOString());
      if (!row) return null;
      if (row.kind === 'pdf' && row.file_key && file === `${row.served_name}.pdf`) return { row, key: row.file_key };
      const key = attachmentKeys(row).find((k) => k !== row.file_key && k.endsWith(`/${file}`));
      return key ? { row, key } : null;
    },

    get: (key: string) => storage.get(key),
  };
}
export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
