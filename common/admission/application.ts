/**
 * An application to an admission season: its states and the moves between them, its documents and their
 * limits, its payment, and the shapes of the fields NEB's Grade 11 registration asks for. Shared by the
 * public form, the office's pages and the server, which enforces every rule here.
 */

import { latinDigits } from '../digits.ts';

export const APPLICATION_STATES = [
  'submitted',
  'needs-correction',
  'documents-verified',
  'fee-verified',
  'offered',
  'waitlisted',
  'rejected',
  'admitted',
  'withdrawn',
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * Where the office may move an application from each state. Two rules sit beside this table (see
 * `stateMoveProblem`): an offer or a place on the waiting list needs the fee verified (unless there is no
 * fee), and admission needs an offer (the table already says so).
 */
export const STATE_MOVES: Record<ApplicationState, readonly ApplicationState[]> = {
  submitted: ['documents-verified', 'needs-correction', 'rejected', 'withdrawn'],
  'needs-correction': ['documents-verified', 'rejected', 'withdrawn'],
  'documents-verified': ['fee-verified', 'needs-correction', 'offered', 'waitlisted', 'rejected', 'withdrawn'],
  'fee-verified': ['needs-correction', 'offered', 'waitlisted', 'rejected', 'withdrawn'],
  waitlisted: ['offered', 'rejected', 'withdrawn'],
  offered: ['admitted', 'waitlisted', 'withdrawn'],
  admitted: ['withdrawn'],
  rejected: [],
  withdrawn: [],
};

/** The states in which an application holds no claim to a seat: its documents are deleted after the deadline. */
export const CLOSED_STATES: readonly ApplicationState[] = ['rejected', 'withdrawn'];

export const PAYMENT_STATES = ['not-due', 'unpaid', 'voucher-sent', 'verified', 'refused'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_METHODS = ['bank', 'counter'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether the fee no longer stands between an application and an offer. */
export const feeSettled = (payment: PaymentState): boolean => payment === 'verified' || payment === 'not-due';

/** Why the office may not move an application (null: it may). */
export function stateMoveProblem(
  from: ApplicationState,
  to: ApplicationState,
  payment: PaymentState,
): 'not-a-move' | 'fee-not-verified' | null {
  if (!STATE_MOVES[from].includes(to)) return 'not-a-move';
  if ((to === 'offered' || to === 'waitlisted' || to === 'fee-verified') && !feeSettled(payment)) {
    return 'fee-not-verified';
  }
  return null;
}

export const DOCUMENT_KINDS = ['photo', 'grade-sheet', 'character', 'proof', 'voucher'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/**
 * The photo (or PDF) of the admission-fee bank voucher an applicant sends for an offer from the status page:
 * stored with the application's documents, never part of the application form.
 */
export const OFFER_VOUCHER_KIND = 'offer-voucher';
/** Every kind of document an application may hold: the form's, and the offer's voucher. */
export type StoredDocumentKind = DocumentKind | typeof OFFER_VOUCHER_KIND;
/** The order the office sees an application's documents in: the form's, then the offer's voucher. */
export const STORED_DOCUMENT_KINDS: readonly StoredDocumentKind[] = [...DOCUMENT_KINDS, OFFER_VOUCHER_KIND];

/**
 * The file types a document takes, as a file input's `accept`: a photo is an image; every other document an
 * image of its pages or a PDF. The server decides by the file's first bytes (application-documents.ts).
 */
export const acceptedFileTypes = (kind: DocumentKind): string =>
  kind === 'photo' ? 'image/jpeg,image/png,image/webp' : 'image/jpeg,image/png,image/webp,application/pdf';

/** The document kinds a stored list names ('grade-sheet,character'), in the form's order; unknown names dropped. */
export const documentKindsIn = (text: string): DocumentKind[] => {
  const named = text.split(',');
  return DOCUMENT_KINDS.filter((kind) => named.includes(kind));
};

/** What an applicant may send, stated on the form and enforced by the server. */
export const APPLICATION_FILE_LIMITS = {
  /** Bytes per file (a phone photo or a PDF). */
  fileBytes: 10 * 1024 * 1024,
  /** Pages per document: files for photos of pages, or a PDF's pages. */
  pages: 5,
  /** Pixels of a photo or a picture of a page, in millions: more takes too much memory to draw. */
  megapixels: 50,
  /** Everything one post of the form may carry, files included. */
  postBytes: 40 * 1024 * 1024,
} as const;

/** Documents every application needs; the proof only with a scholarship category, the voucher for a bank payment. */
export const REQUIRED_DOCUMENTS: readonly DocumentKind[] = ['photo', 'grade-sheet', 'character'];

export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const HEARD_FROM = [
  'friends',
  'school',
  'facebook',
  'website',
  'newspaper',
  'radio',
  'poster',
  'other',
] as const;
export type HeardFrom = (typeof HEARD_FROM)[number];

/**
 * A Nepali mobile number as the SMS providers take it: 10 digits starting 97 or 98, after dropping
 * spaces, dashes and a +977 or 977 prefix. Null when it is not one.
 */
export function nepaliMobile(text: string): string | null {
  const digits = latinDigits(text)
    .replace(/[\s().-]/gu, '')
    .replace(/^(?:\+?977)(?=\d{10}$)/u, '');
  return /^9[78]\d{8}$/u.test(digits) ? digits : null;
}

/**
 * A reference, 'ORB-2084-0123': the college's prefix, the season's first B.S. year and a number counted per
 * season; short and unambiguous over the phone (digits only after the prefix).
 */
export const applicationReference = (prefix: string, seasonYear: number, number: number): string =>
  `${prefix}-${seasonYear}-${String(number).padStart(4, '0')}`;

/** The prefix of the demo college, and of every reference made before a college could choose its own. */
export const DEFAULT_REFERENCE_PREFIX = 'ORB';
/** A college's reference prefix: 2 to 4 Latin capital letters, so it reads the same in any script. */
export const REFERENCE_PREFIX_PATTERN = /^[A-Z]{2,4}$/u;
export const REFERENCE_PREFIX_RULE = 'The reference prefix must be 2 to 4 Latin capital letters (A to Z), like ABC.';

/**
 * The prefix a newly named college is given: the initials of its English name's words (up to 4), or, for a
 * one-word name, its first three letters; the demo's when the name has fewer than two Latin letters.
 */
export function referencePrefixOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .toUpperCase()
    .split(/\s+/u)
    .map((w) => w.replace(/[^A-Z]/gu, ''))
    .filter(Boolean);
  const initials = words
    .map((w) => w[0])
    .join('')
    .slice(0, 4);
  const prefix = initials.length >= 2 ? initials : (words[0] ?? '').slice(0, 3);
  return REFERENCE_PREFIX_PATTERN.test(prefix) ? prefix : DEFAULT_REFERENCE_PREFIX;
}

/**
 * A reference as typed (any case, spaces, dashes or none): its canonical form, or null. Any college's prefix
 * is read, and references made under an earlier prefix, which the applications keep.
 */
export function readReference(text: string): string | null {
  const m = /^([a-z]{2,4})[\s-]*(\d{4})[\s-]*(\d{1,6})$/iu.exec(latinDigits(text).trim());
  if (!m) return null;
  return applicationReference(m[1]!.toUpperCase(), Number(m[2]), Number(m[3]));
}

/** Days after the season's admission deadline that a rejected or withdrawn application's documents are kept. */
export const DEFAULT_DOCUMENT_KEEP_DAYS = 180;
