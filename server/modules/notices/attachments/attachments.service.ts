import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ATTACHMENT_ERRORS,
  type Attachment,
  NOTICE_ATTACHMENT_LIMITS as L,
} from '#common/notices/notice-attachments.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { NoticeAttachmentRow } from '#server/db/schema.ts';
import { conflict, notFound, refusal } from '#server/errors.ts';
import { type ImageLimits, type ProcessedImage, processImage } from '#server/images/image-pipeline.ts';
import { sniffImageFormat } from '#server/images/sniff.ts';
import { touchNotice } from '#server/modules/notices/notices.repository.ts';
import { checkPdf } from '#server/pdf/pdf-check.ts';
import { type KeptUpload, isUploadToken } from '#common/notices/notice-uploads.ts';
import { storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { ATTACHMENT_PREFIX, attachmentKeys, servedName, toAttachment } from './attachment-files.ts';
import * as repo from './attachments.repository.ts';
import { storedVariants } from '#server/images/stored-variants.ts';

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

/** A file checked and drawn, not yet stored: what a notice being created commits with itself. */
export interface CheckedAttachment extends Prepared {
  file: Buffer;
}

/** A checked file's storage keys and bodies, under a new attachment id. */
function partsOf({ kind, picture, file }: CheckedAttachment) {
  const id = randomUUID();
  const prefix = `${ATTACHMENT_PREFIX}${id}`;
  const { variants, files } = storedVariants(prefix, picture);
  const fileKey = kind === 'pdf' ? `${prefix}/${picture.hash}.pdf` : null;
  if (fileKey) files.push({ key: fileKey, body: file, contentType: 'application/pdf' });
  return { id, variants, fileKey, files };
}

type Parts = ReturnType<typeof partsOf>;

function rowOf(
  checked: CheckedAttachment,
  parts: Parts,
  noticeId: string,
  title: string,
  position: number,
  at: string,
) {
  return {
    id: parts.id,
    notice_id: noticeId,
    position,
    kind: checked.kind,
    file_key: parts.fileKey,
    served_name: servedName(title, position),
    bytes: checked.file.length,
    pages: checked.pages,
    width: checked.picture.width,
    height: checked.picture.height,
    variants: JSON.stringify(parts.variants),
    created_at: at,
  } satisfies NoticeAttachmentRow;
}

/**
 * Files a notice's form keeps on the server while the form is refused (without JavaScript the browser cannot
 * send a file again): under the notices' prefix, so /media never serves them and the storage sweep removes
 * those left behind after its grace period (an hour), as it removes any file no row refers to.
 */
const PENDING_PREFIX = `${ATTACHMENT_PREFIX}pending/`;
const pendingPrefix = (token: string) => {
  if (!isUploadToken(token)) throw new Error('Invalid upload token');
  return `${PENDING_PREFIX}${token}/`;
};

type PendingAttachment = KeptUpload;

/** "Exam Routine (final).PDF" → "exam-routine-final-.pdf": a key segment that still reads as the file. */
const keyName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/gu, '-')
    .replace(/^[^a-z0-9]+/u, '')
    .slice(-80) || 'file';

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
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
    /**
     * Checks a file by its content and draws its pictures, storing nothing: a refusal names what is wrong
     * with it (not a PDF or image, too large, too many pages, too slow to open).
     */
    async check(actor: Actor, file: Buffer): Promise<CheckedAttachment> {
      authorize(actor, 'notices.edit');
      return { ...(await prepare(file)), file };
    },

    /**
     * Stores the checked files of a notice being created, so that they appear with it or not at all:
     * `commit` writes the notice in one transaction and calls `insertRows` in it; `revert` undoes it when the
     * files cannot be put in place afterwards (server/storage/store-with-commit.ts).
     */
    async storeWithNew<T>(
      noticeId: string,
      title: string,
      checked: readonly CheckedAttachment[],
      commit: (insertRows: (trx: Db, at: string) => Promise<string[]>) => Promise<T>,
      revert: () => Promise<void>,
    ): Promise<T> {
      if (checked.length > L.perNotice) throw full();
      const parts = checked.map(partsOf);
      const insertRows = async (trx: Db, at: string) => {
        const names: string[] = [];
        for (const [i, one] of checked.entries()) {
          const row = rowOf(one, parts[i]!, noticeId, title, i + 1, at);
          await repo.insertAttachment(trx, row);
          names.push(`${row.served_name}.${row.kind}`);
        }
        return names;
      };
      return storeWithCommit(
        storage,
        parts.flatMap((p) => p.files),
        { commit: () => commit(insertRows), revert },
        log,
      );
    },

    /** Keeps a checked file for a refused form, under the form's token; answers its key. */
    async keepPending(actor: Actor, token: string, name: string, file: Buffer): Promise<PendingAttachment> {
      authorize(actor, 'notices.edit');
      const kept = await this.pending(actor, token);
      const next = Math.max(0, ...kept.map((k) => Number.parseInt(k.key.slice(k.key.lastIndexOf('/') + 1), 10))) + 1;
      const key = `${pendingPrefix(token)}${next}-${keyName(name)}`;
      await storage.put(key, file, 'application/octet-stream');
      // The name as the list reads it back from the key, so the form shows it the same way each time.
      return { key, name: keyName(name) };
    },

    /** The files kept under a form's token, in the order they were chosen. */
    async pending(actor: Actor, token: string): Promise<PendingAttachment[]> {
      authorize(actor, 'notices.edit');
      const found: PendingAttachment[] = [];
      for await (const entry of storage.entries(pendingPrefix(token))) {
        const file = entry.key.slice(entry.key.lastIndexOf('/') + 1);
        found.push({ key: entry.key, name: file.slice(file.indexOf('-') + 1) });
      }
      const order = (k: PendingAttachment) => Number.parseInt(k.key.slice(k.key.lastIndexOf('/') + 1), 10);
      return found.sort((a, b) => order(a) - order(b));
    },

    /** The bytes of one kept file (null when the sweep removed it meanwhile). */
    async readPending(actor: Actor, token: string, key: string): Promise<Buffer | null> {
      authorize(actor, 'notices.edit');
      if (!key.startsWith(pendingPrefix(token))) return null;
      const object = await storage.get(key);
      return object ? readAll(object.body) : null;
    },

    /** Forgets kept files (saved with their notice, or removed from the form). */
    async dropPending(actor: Actor, keys: readonly string[]): Promise<void> {
      authorize(actor, 'notices.edit');
      await removeFiles(keys.filter((key) => key.startsWith(PENDING_PREFIX)));
    },

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

      const checked: CheckedAttachment = { ...(await prepare(file)), file };
      const parts = partsOf(checked);
      const { id, files } = parts;
      const kind = checked.kind;
      const row = await storeWithCommit(
        storage,
        files,
        {
          commit: () =>
            changeContent(db, clock.now(), async (trx): Promise<NoticeAttachmentRow> => {
              const title = await repo.findNoticeTitle(trx, noticeId);
              if (title === undefined) throw notFound('notice');
              const { count, next } = await repo.lockedCount(trx, noticeId);
              if (count >= L.perNotice) throw full();
              const inserted = rowOf(checked, parts, noticeId, title, next, clock.now().toISOString());
              await repo.insertAttachment(trx, inserted);
              const now = clock.now();
              await touchNotice(trx, noticeId, now.toISOString());
              const changes = [{ field: 'Attachment added', from: '', to: `${inserted.served_name}.${kind}` }];
              await audit(trx, actor, { kind: 'notice-edited', subject: title, changes }, now);
              return inserted;
            }),
          revert: async () => {
            await changeContent(db, clock.now(), (trx) => repo.deleteAttachment(trx, noticeId, id));
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
      const row = await changeContent(db, clock.now(), async (trx) => {
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
