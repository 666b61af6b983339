import { z } from 'zod';
import type { Action } from './policy.ts';

/**
 * The admin's search box: what it searches, who may see each kind (the policy's action for it), and how
 * a query is read into words. The server and the page highlight with the same notion of a word.
 */
export const SEARCH_KINDS = ['notice', 'inquiry', 'application', 'staff'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A kind is searched only for an account the policy lets do this (applications: minors' data). */
export const SEARCH_KIND_ACTIONS: Record<SearchKind, Action> = {
  notice: 'notices.edit',
  inquiry: 'inquiries.handle',
  application: 'applications.read',
  staff: 'staff.manage',
};

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  notice: 'Notices',
  inquiry: 'Inquiries',
  application: 'Applications',
  staff: 'Staff',
};

/** Longer than this is not a search but a paste: refused with a message, never cut silently. */
export const SEARCH_MAX_CHARACTERS = 200;
/** Words a query is read as; more are ignored (a sentence still finds its first words). */
export const SEARCH_MAX_WORDS = 8;
/** Results shown per kind on the results page; the typeahead shows fewer. */
export const SEARCH_PAGE_LIMIT = 20;
export const SEARCH_TYPEAHEAD_LIMIT = 4;

export const SEARCH_TOO_LONG = `A search is at most ${SEARCH_MAX_CHARACTERS} characters: shorten it.`;

/**
 * A word: letters, digits and combining marks (Devanagari vowel signs and virama belong to the word),
 * with ZWNJ and ZWJ, which Nepali spelling uses inside words. Everything else (punctuation, operators
 * such as AND, quotes, asterisks, parentheses) only separates words: a query is never search syntax.
 */
const WORD = /[\p{L}\p{N}\p{M}\u200c\u200d]+/gu;

/** The words of a text, in order, lower-cased and in NFC. */
export const wordsOf = (text: string): string[] => text.normalize('NFC').toLowerCase().match(WORD) ?? [];

/** A query's distinct words (at most SEARCH_MAX_WORDS), each matched as the start of a word. */
export function searchTerms(query: string): string[] {
  // A symbol number typed with a space or dash ('02012345 K') is stored as one word.
  const compact = query.replace(/[\s-]/gu, '');
  if (/^\d{6,10}[a-z]$/iu.test(compact)) return [compact.toLowerCase()];
  return [...new Set(wordsOf(query))].slice(0, SEARCH_MAX_WORDS);
}

export const SearchQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_MAX_CHARACTERS, SEARCH_TOO_LONG).default(''),
  /** 'typeahead' asks for a few of each kind. */
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_LIMIT).default(SEARCH_PAGE_LIMIT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A piece of shown text: `hit` pieces are the matched words (marked on the page). */
export const SearchPieceSchema = z.object({ text: z.string(), hit: z.boolean() });
export type SearchPiece = z.infer<typeof SearchPieceSchema>;

export const SearchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** Where the admin shows it. */
  href: z.string(),
  title: z.array(SearchPieceSchema),
  /** A short excerpt around the first matched word (may be empty). */
  excerpt: z.array(SearchPieceSchema),
  /** A fact beside the title: a notice's date, an inquiry's state, an application's reference and state. */
  detail: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultsSchema = z.object({
  query: z.string(),
  /** The words searched for (empty: nothing to search, see `message`). */
  terms: z.array(z.string()),
  /** The kinds this account may search, in order, each with its hits (best first). */
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(SearchHitSchema) })),
  message: z.string().nullable(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

/** Splits a text into pieces, marking every word that starts with one of the terms. */
export function highlight(text: string, terms: readonly string[]): SearchPiece[] {
  const pieces: SearchPiece[] = [];
  const nfc = text.normalize('NFC');
  let last = 0;
  for (const match of nfc.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!terms.some((t) => word.startsWith(t))) continue;
    if (match.index > last) pieces.push({ text: nfc.slice(last, match.index), hit: false });
    pieces.push({ text: match[0], hit: true });
    last = match.index + match[0].length;
  }
  if (last < nfc.length) pieces.push({ text: nfc.slice(last), hit: false });
  return pieces;
}

/** Up to `width` characters of a text around its first matched word, highlighted ('…' where cut). */
export function excerpt(text: string, terms: readonly string[], width = 160): SearchPiece[] {
  const flat = text.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const first = highlight(flat, terms).reduce<{ at: number; found: number }>(
    (acc, piece) =>
      acc.found >= 0 ? acc : piece.hit ? { at: acc.at, found: acc.at } : { at: acc.at + piece.text.length, found: -1 },
    { at: 0, found: -1 },
  ).found;
  if (first < 0 && flat.length <= width) return highlight(flat, terms);
  const start = Math.max(0, (first < 0 ? 0 : first) - Math.floor(width / 3));
  const end = Math.min(flat.length, start + width);
  const cut = `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  return highlight(cut, terms);
}
