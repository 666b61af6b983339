import type { ApplicationState } from '#common/admission/application.ts';
import { STATE_LABELS } from '#common/admission/application-office.ts';
import { formatBs, toBsDate } from '#common/dates/bs-date.ts';
import { INQUIRY_STATE_LABELS, type InquiryState } from '#common/inquiry.ts';
import { ROLE_LABELS, parseRole } from '#common/roles.ts';
import {
  SEARCH_KINDS,
  SEARCH_KIND_ACTIONS,
  SEARCH_MAX_CHARACTERS,
  SEARCH_TOO_LONG,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResults,
  excerpt,
  highlight,
  searchTerms,
} from '#common/search.ts';
import { type Actor, authorize, refusalFor } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import { type SearchRow, createSearchRepository, loadRows } from './search.repository.ts';

const HREFS: Record<SearchKind, (id: string) => string> = {
  notice: (id) => `/admin/notice/${encodeURIComponent(id)}/edit`,
  inquiry: (id) => `/admin/inquiries#inquiry-${encodeURIComponent(id)}`,
  application: (id) => `/admin/applications/${encodeURIComponent(id)}`,
  staff: () => '/admin/staff',
};

const bsDay = (iso: string) => {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : formatBs(toBsDate(instant));
};

function detailOf(kind: SearchKind, row: SearchRow): string {
  switch (kind) {
    case 'notice':
      return bsDay(row.at);
    case 'inquiry':
      return [INQUIRY_STATE_LABELS[row.detail as InquiryState] ?? row.detail, bsDay(row.at)].join(' · ');
    case 'application':
      return [STATE_LABELS[row.detail as ApplicationState] ?? row.detail, bsDay(row.at)].join(' · ');
    case 'staff':
      return ROLE_LABELS[parseRole(row.detail)];
  }
}

/**
 * The admin's search: only the kinds the actor's role may see (the policy), each kind's best hits with
 * the matched words marked. The query is the staff member's own words: it is never logged.
 */
export function createSearchService(db: Db) {
  const repository = createSearchRepository(db);
  return {
    async search(actor: Actor, { q, limit }: SearchQuery): Promise<SearchResults> {
      authorize(actor, 'admin.enter');
      const kinds = SEARCH_KINDS.filter((kind) => !refusalFor(actor, SEARCH_KIND_ACTIONS[kind]));
      // The API's schema refuses a longer query with this message; a page's loader gets it here.
      if (q.length > SEARCH_MAX_CHARACTERS) return { query: '', terms: [], groups: [], message: SEARCH_TOO_LONG };
      const terms = searchTerms(q);
      if (terms.length === 0) {
        const message = q ? 'Type a word or a number: punctuation and symbols alone find nothing.' : null;
        return { query: q, terms, groups: [], message };
      }
      const groups = [];
      for (const kind of kinds) {
        const rows = await loadRows(db, kind, await repository.find(kind, terms, limit));
        const hits: SearchHit[] = rows.map((row) => ({
          kind,
          id: row.id,
          href: HREFS[kind](row.id),
          title: highlight(row.title, terms),
          excerpt: excerpt(row.text, terms),
          detail: detailOf(kind, row),
        }));
        groups.push({ kind, hits });
      }
      return { query: q, terms, groups, message: null };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
