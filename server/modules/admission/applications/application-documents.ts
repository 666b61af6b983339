import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { APPLICATION_FILE_LIMITS as L, type DocumentKind } from '#common/admission/application.ts';
import { AppError, refusal } from '#server/errors.ts';
import { type ProcessedImage, processImage } from '#server/images/image-pipeline.ts';
import { sniffImageFormat } from '#server/images/sniff.ts';
import { checkPdf } from '#server/pdf/pdf-check.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
import { contentTypeForKey } from '#server/storage/storage.ts';
import { documentPrefix } from './application-files.ts';
import { storedVariants } from '#server/images/stored-variants.ts';

/**
 * An applicant's documents: what each file is (decided by its bytes, never by its name) and its pictures. A file
 * is screened on the request path (size, type, pixels from the header, a PDF's pages from its structure) and
 * stored as received; its pictures are drawn afterwards by the document queue (document-queue.ts), in the
 * lowest-priority child process. The files a refused form keeps on the server until it is sent again are
 * application-pending.ts's.
 */

/** A file screened on the request path: everything that decides whether it is accepted, nothing drawn yet. */
export interface ScreenedDocument {
  kind: DocumentKind;
  format: 'image' | 'pdf';
  /** 1 for a photo of a page; a PDF's page count. */
  pages: number;
  file: Buffer;
  /** An image's size from its header (0 for a PDF until its first page is drawn). */
  width: number;
  height: number;
}

/** A document's pictures, drawn after acceptance: the passport crop or the PDF's first page, at each width. */
export interface ProcessedDocument {
  format: 'image' | 'pdf';
  pages: number;
  picture: ProcessedImage;
}

/** The passport photo's fixed size (35 × 45 mm at about 17 px a millimetre). */
const PHOTO_SIZE = { width: 600, height: 772 } as const;
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

/** The file extension a document's file as received is stored under (its content type follows from it). */
const RECEIVED_EXTENSION: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', pdf: 'pdf' };

/**
 * Screens one file for a document kind, cheaply, on the request path: the photo must be a JPEG, PNG or WebP
 * image; other documents a photo of a page or a PDF. An image's size is read from its header (nothing is
 * decoded), a PDF's pages from its structure (nothing is drawn). Refuses with the reason: too large, not an
 * image, not a PDF, unreadable, too many pixels, too many pages, scripts.
 */
export async function screenDocument(
  kind: DocumentKind,
  file: Buffer,
  pdfTimeoutMs: number,
): Promise<ScreenedDocument> {
  if (file.length > L.fileBytes) throw tooLarge();
  const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
  const image = sniffImageFormat(file);
  const isImage = image !== null && image !== 'avif';
  if (kind === 'photo' && !isImage) throw notImage();
  if (!isPdf && !isImage) throw notDocument();
  if (isPdf) {
    try {
      const { pages } = await checkPdf(file, { maxBytes: L.fileBytes, maxPages: L.pages, timeoutMs: pdfTimeoutMs });
      return { kind, format: 'pdf', pages, file, width: 0, height: 0 };
    } catch (err) {
      asApplicationRefusal(err);
    }
  }
  const meta = await sharp(file, { failOn: 'error', limitInputPixels: L.megapixels * 1_000_000 })
    .metadata()
    .catch((err: unknown) => {
      throw /pixel limit/iu.test(String(err)) ? tooManyPixels() : unreadable();
    });
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > L.megapixels * 1_000_000) throw tooManyPixels();
  const { width, height } = meta.autoOrient ?? meta;
  return { kind, format: 'image', pages: 1, file, width, height };
}

/**
 * Draws a screened document's pictures (off the request path: photo-process.child.ts runs this at the lowest
 * priority): the photo cut to the passport shape, a page's photo as it is, a PDF's first page; every picture
 * without the file's metadata (GPS included). A file that passed the screening but cannot be drawn is refused
 * with the same reasons.
 */
export async function processDocument(
  kind: DocumentKind,
  file: Buffer,
  pdfTimeoutMs: number,
): Promise<ProcessedDocument> {
  const limits = { maxBytes: L.fileBytes * 8, maxPixels: 50_000_000 };
  try {
    if (file.subarray(0, 5).toString('latin1') === '%PDF-') {
      const { pages, thumbnail } = await checkPdf(file, {
        maxBytes: L.fileBytes,
        maxPages: L.pages,
        thumbnailWidth: PDF_THUMBNAIL_WIDTH,
        timeoutMs: pdfTimeoutMs,
      });
      if (!thumbnail) throw new Error('checkPdf answered no thumbnail');
      return { format: 'pdf', pages, picture: await processImage(thumbnail, limits, OFFICE_PICTURES) };
    }
    let source = file;
    if (kind === 'photo') {
      // sharp's own refusal: a photo of more pixels than the limit is told so; a file that only looks like an
      // image is told it is unreadable.
      source = await passportPhoto(file).catch((err: unknown) => {
        throw /pixel limit/iu.test(String(err)) ? tooManyPixels() : unreadable();
      });
    }
    return { format: 'image', pages: 1, picture: await processImage(source, limits, OFFICE_PICTURES) };
  } catch (err) {
    asApplicationRefusal(err);
  }
}

/** Pictures of documents are shown only on the office's pages, which use JPEG. */
const OFFICE_PICTURES = { formats: ['jpeg'] } as const;

/**
 * A screened document's row and its one file, the file as received, under a new document id: the row waits in
 * state 'processing' for the document queue, which draws its pictures.
 */
export function documentParts(screened: ScreenedDocument, applicationId: string, position: number, at: string) {
  const id = randomUUID();
  const prefix = documentPrefix(applicationId, id);
  const sniffed = screened.format === 'pdf' ? 'pdf' : (sniffImageFormat(screened.file) ?? 'jpeg');
  const fileKey = `${prefix}/received.${RECEIVED_EXTENSION[sniffed] ?? 'bin'}`;
  const files: NewFile[] = [{ key: fileKey, body: screened.file, contentType: contentTypeForKey(fileKey) }];
  const row = {
    id,
    application_id: applicationId,
    kind: screened.kind,
    position,
    format: screened.format,
    file_key: fileKey,
    bytes: screened.file.length,
    pages: screened.format === 'pdf' ? screened.pages : null,
    width: screened.width,
    height: screened.height,
    variants: '[]',
    created_at: at,
    state: 'processing',
  };
  return { row, files };
}

/** The stored pictures of a processed document, under its prefix: the row's variants and the files to write. */
export function documentPictures(applicationId: string, documentId: string, picture: ProcessedImage) {
  return storedVariants(documentPrefix(applicationId, documentId), picture);
}
