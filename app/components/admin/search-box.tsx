import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { api } from '#app/lib/api-client.ts';
import {
  SEARCH_KIND_LABELS,
  SEARCH_MAX_CHARACTERS,
  SEARCH_TYPEAHEAD_LIMIT,
  type SearchResults,
  searchTerms,
} from '#common/search.ts';
import { SearchIcon } from './icons.tsx';
import { SearchPieces } from './search-pieces.tsx';

/** Waited after the last key before asking the server. */
const TYPEAHEAD_DELAY_MS = 250;

/**
 * The header's search box: a plain GET form to /admin/search (works without JavaScript); with it, a few
 * results of each kind appear as one types. Each new word cancels the request still under way, so an
 * older answer never replaces a newer one.
 */
export function SearchBox() {
  const location = useLocation();
  const initial = location.pathname === '/admin/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  // A new page starts a fresh box (the list closed, the results page's query in it).
  return <SearchForm key={location.key} initial={initial} />;
}

function SearchForm({ initial }: { initial: string }) {
  const [query, setQuery] = useState(initial);
  const [results, setResults] = useState<SearchResults | null>(null);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLFormElement>(null);
  const searchable = searchTerms(query).length > 0 && query.length <= SEARCH_MAX_CHARACTERS;

  useEffect(() => {
    if (!searchable) return;
    const cancel = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, limit: String(SEARCH_TYPEAHEAD_LIMIT) });
      api<SearchResults>(`/api/admin/search?${params.toString()}`, { signal: cancel.signal }).then(
        (answer) => setResults(answer),
        (err: unknown) => {
          // A cancelled request is expected; anything else leaves the plain form, which still works.
          if (!cancel.signal.aborted) console.error('Search failed', err);
        },
      );
    }, TYPEAHEAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancel.abort();
    };
  }, [query, searchable]);

  const groups = results?.groups.filter((g) => g.hits.length > 0) ?? [];
  const showList = open && searchable && results !== null && results.query === query.trim();
  return (
    <Form
      ref={box}
      method="get"
      action="/admin/search"
      className="admin-header__search"
      role="search"
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <label className="sr-only" htmlFor="admin-search">
        Search
      </label>
      <SearchIcon />
      <input
        id="admin-search"
        name="q"
        type="search"
        placeholder="Search"
        autoComplete="off"
        value={query}
        maxLength={SEARCH_MAX_CHARACTERS}
        // The suggestions are links grouped by kind, reached with Tab (not a listbox of options): a text box
        // cannot say aria-expanded unless it is a combobox, which would promise arrow-key options.
        aria-controls={listId}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      <div id={listId} className="search-typeahead" hidden={!showList}>
        {groups.length === 0 ? (
          <p className="search-typeahead__none">Nothing found.</p>
        ) : (
          groups.map((group) => (
            <section key={group.kind} className="search-typeahead__group" aria-label={SEARCH_KIND_LABELS[group.kind]}>
              <h2>{SEARCH_KIND_LABELS[group.kind]}</h2>
              <ul>
                {group.hits.map((hit) => (
                  <li key={hit.id}>
                    <Link to={hit.href}>
                      <SearchPieces pieces={hit.title} />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        <Link className="search-typeahead__all" to={`/admin/search?${new URLSearchParams({ q: query }).toString()}`}>
          All results
        </Link>
      </div>
    </Form>
  );
}
