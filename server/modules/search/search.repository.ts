import { sql } from 'kysely';
import type { SearchKind } from '#common/search.ts';
import { type Db, isPostgres } from '#server/db/db.ts';

/**
 * Finds rows of one kind by words, best match among the newest matches first: the ids only (the service reads the rows). Every
 * term is matched as the start of a word, and a row must hold all of them. Terms are plain words
 * (common/search.ts `searchTerms`); each is quoted here anyway, so no query is ever search syntax.
 */
export interface SearchRepository {
  find(kind: SearchKind, terms: readonly string[], limit: number): Promise<string[]>;
}

/**
 * Ranking every match is what costs: a common word matches thousands of rows. So the newest CANDIDATES
 * matches are taken (an index walk that stops early), and only those are ranked by relevance.
 */
const CANDIDATES = 50;

/** SQLite: the FTS5 table and its triggers of migration 0022 (rowid order: the most recently written last). */
function sqliteSearch(db: Db): SearchRepository {
  return {
    async find(kind, terms, limit) {
      if (terms.length === 0) return [];
      const words = terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' AND ');
      // The kind's own rows, and the query's words only in their title and body.
      const match = `kind:"${kind}" AND {title body}: (${words})`;
      const { rows } = await sql<{ ref: string }>`
        select r.ref from (
          select rowid, rank from search_index where search_index match ${match} order by rowid desc limit ${CANDIDATES}
        ) s join search_rows r on r.rowid = s.rowid
        order by s.rank, s.rowid desc limit ${limit}`.execute(db);
      return rows.map((r) => r.ref);
    },
  };
}

/** PostgreSQL: the words stored by migration 0022's triggers (`search_vectors`, GIN-indexed). */
function postgresSearch(db: Db): SearchRepository {
  return {
    async find(kind, terms, limit) {
      if (terms.length === 0) return [];
      const query = terms.map((t) => `'${t.replaceAll("'", "''").replaceAll('\\', '\\\\')}':*`).join(' & ');
      // The candidates by their index alone; only their words are read to rank them.
      const { rows } = await sql<{ ref: string }>`
        select s.ref from search_vectors s join (
          select ref from search_vectors
          where kind = ${kind} and vector @@ to_tsquery('simple', ${query})
          order by newest desc limit ${CANDIDATES}
        ) c on s.kind = ${kind} and s.ref = c.ref
        order by ts_rank(s.vector, to_tsquery('simple', ${query})) desc, s.newest desc
        limit ${limit}`.execute(db);
      return rows.map((r) => r.ref);
    },
  };
}

/** The implementation for this database. */
export const createSearchRepository = (db: Db): SearchRepository =>
  isPostgres(db) ? postgresSearch(db) : sqliteSearch(db);

/** The rows behind the hits, in the order asked (a row deleted meanwhile is left out). */
export async function loadRows(db: Db, kind: SearchKind, ids: string[]) {
  if (ids.length === 0) return [];
  const byId = <T extends { id: string }>(rows: T[]) => {
    const found = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  };
  switch (kind) {
    case 'notice':
      return byId(
        await db
          .selectFrom('notices')
          .select(['id', 'title', 'description', 'reference_no', 'publish_at'])
          .where('id', 'in', ids)
          .execute(),
      ).map((r) => ({
        id: r.id,
        title: r.title,
        text: [r.description, r.reference_no ?? ''].join(' '),
        at: r.publish_at,
        detail: '',
      }));
    case 'inquiry':
      return byId(
        await db
          .selectFrom('inquiries')
          .select(['id', 'subject', 'first_name', 'last_name', 'email', 'phone', 'message', 'state', 'created_at'])
          .where('id', 'in', ids)
          .execute(),
      ).map((r) => ({
        id: r.id,
        title: r.subject,
        text: `${r.first_name} ${r.last_name} · ${r.email} ${r.phone} · ${r.message}`,
        at: r.created_at,
        detail: r.state,
      }));
    case 'application':
      return byId(
        await db
          .selectFrom('applications')
          .select(['id', 'name_en', 'name_ne', 'reference', 'symbol_number', 'state', 'submitted_at'])
          .where('id', 'in', ids)
          .execute(),
      ).map((r) => ({
        id: r.id,
        title: `${r.name_en} ${r.name_ne}`.trim(),
        text: `${r.reference} · symbol number ${r.symbol_number}`,
        at: r.submitted_at,
        detail: r.state,
      }));
    case 'staff':
      return byId(
        await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', 'in', ids).execute(),
      ).map((r) => ({ id: r.id, title: r.name || r.email, text: r.email, at: '', detail: r.role }));
  }
}
export type SearchRow = Awaited<ReturnType<typeof loadRows>>[number];
