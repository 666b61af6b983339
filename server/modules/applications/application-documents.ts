import { randomUUID } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import { APPLICATION_FILE_LIMITS as L, type DocumentKind } from '#common/application.ts';
import { AppError, refusal } from '#server/errors.ts';
import { type ProcessedImage, processImage } from '#server/images/image-pipeline.ts';
import { sniffImageFormat } from '#server/images/sniff.ts';
import { type StoredVariant, variantKey } from '#server/images/variants.ts';
import { checkPdf } from '#server/pdf/pdf-check.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
import { contentTypeForKey } from '#server/storage/storage.ts';
import { createWorkLimit } from '#server/work-limit.ts';
import { documentPrefix } from './application-files.ts';

/**
 * An applicant's documents: what each file is (decided by its bytes, never by its name) and its pictures. The
 * files a refused form keeps on the server until it is sent again are application-pending.ts's.
 */

/** A file checked and drawn, not yet stored. */
export interface CheckedDocument {
  kind: DocumentKind;
  format: 'image' | 'pdf';
  /** 1 for a photo of a page; a PDF's page count. */
  pages: number;
  file: Buffer;
  picture: ProcessedImage;
  /** For the photo: a face-sized JPEG shown inline on the confirmation. */
  preview: Buffer | null;
}

/** The passport photo's fixed size (35 × 45 mm at about 17 px a millimetre) and its face-sized preview. */
const PHOTO_SIZE = { width: 600, height: 772 } as const;
const PREVIEW_WIDTH = 120;
/** A PDF's first page is drawn at this width for the office's thumbnails. */
const PDF_THUMBNAIL_WIDTH = 800;

const tooLarge = () => refusal('application/file-too-large', `A file can be at most ${L.fileBytes / 1048576} MB.`);
const notImage = () => refusal('application/not-image', 'The photo must be a JPEG, PNG or WebP image.');
const notDocument = () => refusal('application/not-document', 'The file is neither a photo nor a PDF.');
const unreadable = () => refusal('application/unreadable', 'The file could not be read.');
export const tooManyPages = () =>
  refusal('application/too-many-pages', `A document can have at most ${L.pages} pages.`);

const tooManyPixels = () =>
  refusal('application/too-many-pixels', `An image can have at most ${L.megapixels} megapixels.`);
const pdfScripts = () =>
  refusal('application/pdf-scripts', 'This PDF contains scripts; save it again as a plain PDF and send that copy.');

/** The image pipeline's and the PDF check's refusals, in the application's own codes (worded in both languages). */
function asApplicationRefusal(err: unknown): never {
  if (!(err instanceof AppError)) throw err;
  if (err.code === 'image/too-large' || err.code === 'pdf/too-large') throw tooLarge();
  if (err.code === 'image/too-many-pixels') throw tooManyPixels();
  if (err.code === 'pdf/scripts') throw pdfScripts();
  if (err.code === 'pdf/too-many-pages') throw tooManyPages();
  if (err.code.startsWith('image/') || err.code.startsWith('pdf/')) throw unreadable();
  throw err;
}

/** The photo cut to the fixed passport shape (centred on the top, where the face is), metadata removed. */
async function passportPhoto(file: Buffer): Promise<Buffer> {
  return sharp(file, { failOn: 'error', limitInputPixels: L.megapixels * 1_000_000 })
    .rotate()
    .resize({ ...PHOTO_SIZE, fit: 'cover', position: 'north' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * Checks one file for a document kind: the photo must be an image; other documents a photo of a page or a
 * PDF (checked as notice attachments are, page 1 drawn). Refuses with the reason: too large, not an image,
 * not a PDF, unreadable, too many pages.
 */
export const checkDocument = (kind: DocumentKind, file: Buffer, pdfTimeoutMs: number): Promise<CheckedDocument> =>
  documentWork.run(() => checkNow(kind, file, pdfTimeoutMs));

/**
 * Documents are checked and drawn one per core at a time but one, whichever form sent them: on the deadline's
 * last evening fifty phones may send at once, each photo decodes to tens of megabytes, and one core stays for
 * the pages (each image is decoded on one thread: server/images/image-pipeline.ts).
 */
const documentWork = createWorkLimit(Math.max(1, os.availableParallelism() - 1));

/** Pictures of documents are shown only on the office's pages, which use JPEG. */
const OFFICE_PICTURES = { formats: ['jpeg'] } as const;

async function checkNow(kind: DocumentKind, file: Buffer, pdfTimeoutMs: number): Promise<CheckedDocument> {
  if (file.length > L.fileBytes) throw tooLarge();
  const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
  const isImage = sniffImageFormat(file) !== null && sniffImageFormat(file) !== 'avif';
  if (kind === 'photo' && !isImage) throw notImage();
  if (!isPdf && !isImage) throw notDocument();
  const limits = { maxBytes: L.fileBytes * 8, maxPixels: 50_000_000 };
  try {
    if (isPdf) {
      const { pages, thumbnail } = await checkPdf(file, {
        maxBytes: L.fileBytes,
        maxPages: L.pages,
        thumbnailWidth: PDF_THUMBNAIL_WIDTH,
        timeoutMs: pdfTimeoutMs,
      });
      if (!thumbnail) throw new Error('checkPdf answered no thumbnail');
      return {
        kind,
        format: 'pdf',
        pages,
        file,
        picture: await processImage(thumbnail, limits, OFFICE_PICTURES),
        preview: null,
      };
    }
    let source = file;
    if (kind === 'photo') {
      // sharp's own refusal: a photo of more pixels than the limit is told so; a file that only looks like an
      // image is told it is unreadable.
      source = await passportPhoto(file).catch((err: unknown) => {
        throw /pixel limit/iu.test(String(err)) ? tooManyPixels() : unreadable();
      });
    }
    const picture = await processImage(source, limits, OFFICE_PICTURES);
    const smallest = picture.variants.find((v) => v.format === 'jpeg');
    const preview =
      kind === 'photo' && smallest
        ? await sharp(smallest.body).resize({ width: PREVIEW_WIDTH }).jpeg({ quality: 80 }).toBuffer()
        : null;
    return { kind, format: 'image', pages: 1, file, picture, preview };
  } catch (err) {
    asApplicationRefusal(err);
  }
}

/** A checked document's row columns and files, under a new document id. */
export function documentParts(checked: CheckedDocument, applicationId: string, position: number, at: string) {
  const id = randomUUID();
  const prefix = documentPrefix(applicationId, id);
  const { picture } = checked;
  const variants: StoredVariant[] = picture.variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: variantKey(prefix, picture.hash, v.width, v.format),
    bytes: v.body.length,
  }));
  const files: NewFile[] = variants.map((v, i) => ({
    key: v.key,
    body: picture.variants[i]!.body,
    contentType: contentTypeForKey(v.key),
  }));
  const fileKey = checked.format === 'pdf' ? `${prefix}/${picture.hash}.pdf` : null;
  if (fileKey) files.push({ key: fileKey, body: checked.file, contentType: 'application/pdf' });
  const row = {
    id,
    application_id: applicationId,
    kind: checked.kind,
    position,
    format: checked.format,
    file_key: fileKey,
    bytes: checked.file.length,
    pages: checked.format === 'pdf' ? checked.pages : null,
    width: picture.width,
    height: picture.height,
    variants: JSON.stringify(variants),
    created_at: at,
  };
  return { row, files };
}
