import { listAttachmentFiles } from './attachments.repository.ts';
import type { Attachment } from '#common/notices/notice-attachments.ts';
import type { Db } from '#server/db/db.ts';
import type { NoticeAttachmentRow } from '#server/db/schema.ts';
import { parseVariants } from '#server/images/variants.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';

/** Every attachment's files live under `notices/<attachment id>/`; /media does not serve them. */
export const ATTACHMENT_PREFIX = 'notices/';

/** Where the site serves an attachment's files: `/attachments/<id>/<file>`. */
export const ATTACHMENTS_PATH = '/attachments/';

/** The keys of one attachment's files: the PDF (if any) and every size of its picture. */
export function attachmentKeys(row: Pick<NoticeAttachmentRow, 'file_key' | 'variants'>): string[] {
  const keys = parseVariants(row.variants).map((v) => v.key);
  return row.file_key ? [row.file_key, ...keys] : keys;
}

/** "Exam routine: Class 11" → "exam-routine-class-11"; a title with no Latin letters gives "notice". */
export function servedName(title: string, position: number): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 80)
    .replace(/-+$/u, '');
  const base = slug === '' ? 'notice' : slug;
  return position > 1 ? `${base}-${position}` : base;
}

const fileOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The public address of one stored file of an attachment. */
export const attachmentFileUrl = (row: Pick<NoticeAttachmentRow, 'id'>, key: string) =>
  `${ATTACHMENTS_PATH}${row.id}/${fileOf(key)}`;

/** The PDF's public address carries the notice's name, so a saved download is named after it. */
export const pdfUrl = (row: Pick<NoticeAttachmentRow, 'id' | 'served_name'>) =>
  `${ATTACHMENTS_PATH}${row.id}/${row.served_name}.pdf`;

/** Turns a stored row into what the API and the pages use. */
export function toAttachment(row: NoticeAttachmentRow): Attachment {
  const variants = parseVariants(row.variants);
  const srcset = (format: 'avif' | 'webp' | 'jpeg') =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${attachmentFileUrl(row, v.key)} ${v.width}w`)
      .join(', ');
  const jpegs = variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const middle = jpegs[Math.min(1, jpegs.length - 1)];
  const largest = jpegs[jpegs.length - 1];
  if (!middle || !largest) throw new Error(`Attachment ${row.id} has no JPEG variant`);
  const full = attachmentFileUrl(row, largest.key);
  return {
    id: row.id,
    kind: row.kind,
    url: row.kind === 'pdf' ? pdfUrl(row) : full,
    bytes: row.bytes,
    pages: row.pages,
    picture: {
      width: row.width,
      height: row.height,
      src: attachmentFileUrl(row, middle.key),
      srcWidth: middle.width,
      srcHeight: middle.height,
      full,
      srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
    },
  };
}

/** The attachments' stored files, as the storage sweep and check-storage see them. */
export const attachmentFiles = (db: Db): FileOwner => ({
  kind: 'notice attachment',
  prefix: ATTACHMENT_PREFIX,
  async references() {
    const rows = await listAttachmentFiles(db);
    return rows.map((row) => ({ id: row.id, keys: attachmentKeys(row) }));
  },
});
