/**
 * The checks the server makes of an application's files (server/modules/admission/applications/application-documents.ts),
 * made in the browser as a file is chosen, so a parent hears at once that it will be refused: too large, not
 * the right kind of file (decided by its first bytes, as the server does), or more pages than a document may
 * have. Only what is certain is refused; whatever cannot be told cheaply here is left to the server.
 */
import { APPLICATION_FILE_LIMITS as L, type DocumentKind } from '#common/admission/application.ts';

/** The server's refusal codes for a file (common/api-error.ts); their words come with the page. */
export const FILE_REFUSAL_CODES = [
  'application/file-too-large',
  'application/not-image',
  'application/not-document',
  'application/too-many-pages',
] as const;
export type FileRefusalCode = (typeof FILE_REFUSAL_CODES)[number];

/** A refused file by its name, or (name null) the files of one document together. */
export interface FileRefusal {
  name: string | null;
  code: FileRefusalCode;
}

export type SniffedDocument = 'jpeg' | 'png' | 'webp' | 'pdf';

/**
 * What a file is by its first bytes, as the server tells: the images it takes, or a PDF. AVIF, HEIC and
 * anything else are null (the server refuses them too).
 */
export function sniffDocument(bytes: Uint8Array): SniffedDocument | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(0, '%PDF-')) return 'pdf';
  return null;
}

const OBJECT = /(\d+)\s+\d+\s+obj\b/gu;
const ROOT = /\/Root\s+(\d+)\s+\d+\s+R\b/gu;
const PAGES_REF = /\/Pages\s+(\d+)\s+\d+\s+R\b/u;
const PAGES_NODE = /\/Type\s*\/Pages\b/u;
const COUNT = /\/Count\s+(\d+)/u;

/**
 * A PDF's page count as far as its plain text tells it: the trailer's catalogue names the page tree, whose
 * root holds the count (the latest definition of each object wins, as after an incremental update). Null when
 * the tree is not in plain text (compressed object streams): the server's reader decides those.
 */
export function pdfPageCount(bytes: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(bytes);
  const objects = new Map<number, string>();
  for (const m of text.matchAll(OBJECT)) {
    const from = m.index + m[0].length;
    const end = text.indexOf('endobj', from);
    const body = text.slice(from, end === -1 ? text.length : end);
    // The dictionary only: a stream's bytes say nothing about pages.
    const stream = body.indexOf('stream');
    objects.set(Number(m[1]), stream === -1 ? body : body.slice(0, stream));
  }
  const countOf = (body: string | undefined) => {
    const count = body && PAGES_NODE.test(body) ? COUNT.exec(body) : null;
    return count ? Number(count[1]) : null;
  };

  const root = [...text.matchAll(ROOT)].at(-1)?.[1];
  const pagesRef = root === undefined ? undefined : PAGES_REF.exec(objects.get(Number(root)) ?? '')?.[1];
  const counted = pagesRef === undefined ? null : countOf(objects.get(Number(pagesRef)));
  if (counted !== null) return counted;
  if (/\/Type\s*\/ObjStm\b/u.test(text)) return null;
  // No catalogue to follow (a damaged trailer): the largest count of a tree's root.
  const roots = [...objects.values()].filter((body) => !body.includes('/Parent')).map(countOf);
  const counts = roots.filter((n): n is number => n !== null);
  return counts.length > 0 ? Math.max(...counts) : null;
}

const isImage = (format: SniffedDocument | null) => format !== null && format !== 'pdf';

/** A file field's size limit on the server, and the server's words for a file over it. */
export interface SizeLimit {
  maxBytes: number;
  refusal: string;
}

/** The size check the server makes of a file: over its field's limit. */
export const overLimit = (file: File, maxBytes: number): boolean => file.size > maxBytes;

/**
 * The server's words for the chosen files over their limit (`limitOf` gives each file's), each starting with
 * the file's name when several were chosen; null when every file is within it. Used by the admin's file fields
 * to refuse a file as it is chosen, before anything is sent. Empty files are skipped, as the server skips them.
 */
export function oversizeRefusal(files: readonly File[], limitOf: (file: File) => SizeLimit): string | null {
  const lines = files.flatMap((file) => {
    const limit = limitOf(file);
    if (file.size === 0 || !overLimit(file, limit.maxBytes)) return [];
    return [files.length > 1 ? `${file.name}: ${limit.refusal}` : limit.refusal];
  });
  return lines.length > 0 ? lines.join(' ') : null;
}

/** One file's refusal, or the pages it adds to its document (at least; 1 for a PDF whose count is not told). */
async function checkFile(kind: DocumentKind, file: File): Promise<FileRefusalCode | { pages: number }> {
  if (overLimit(file, L.fileBytes)) return 'application/file-too-large';
  const format = sniffDocument(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (kind === 'photo' && !isImage(format)) return 'application/not-image';
  if (format === null) return 'application/not-document';
  if (format !== 'pdf') return { pages: 1 };
  const pages = pdfPageCount(new Uint8Array(await file.arrayBuffer()));
  if (pages !== null && pages > L.pages) return 'application/too-many-pages';
  return { pages: Math.max(1, pages ?? 1) };
}

/**
 * What the server would refuse of the files chosen for one document, in its order: each file on its own, then
 * (when every file passes) their pages together. Empty files are skipped, as the server skips them.
 */
export async function fileRefusals(kind: DocumentKind, files: readonly File[]): Promise<FileRefusal[]> {
  const refusals: FileRefusal[] = [];
  let pages = 0;
  for (const file of files) {
    if (file.size === 0) continue;
    const checked = await checkFile(kind, file);
    if (typeof checked === 'string') refusals.push({ name: file.name, code: checked });
    else pages += checked.pages;
  }
  if (refusals.length === 0 && pages > L.pages) refusals.push({ name: null, code: 'application/too-many-pages' });
  return refusals;
}

/** The refusals in the server's words: each file's line starts with its name (as the server writes them). */
export const refusalText = (refusals: readonly FileRefusal[], words: Record<FileRefusalCode, string>): string =>
  refusals.map((r) => (r.name === null ? words[r.code] : `${r.name}: ${words[r.code]}`)).join(' ');
