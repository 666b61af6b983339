import { Link } from 'react-router';
import { SearchPieces } from '#app/components/admin/search-pieces.tsx';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { SEARCH_KIND_LABELS, SEARCH_PAGE_LIMIT } from '#common/search.ts';
import '#app/styles/admin-search.css';
import type { Route } from './+types/search';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Search', matches);

/** The header's search without JavaScript (and its "All results"): every kind this account may see. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'admin.enter');
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  return context.services.search.search(actor, { q, limit: SEARCH_PAGE_LIMIT });
}

export default function AdminSearch({ loaderData }: Route.ComponentProps) {
  const { query, terms, groups, message } = loaderData;
  const found = groups.reduce((n, g) => n + g.hits.length, 0);
  return (
    <section className="admin-page" aria-labelledby="search-title">
      <header className="admin-page__header">
        <div>
          <h1 id="search-title">Search</h1>
          <p className="admin-page__lead">
            {query ? (
              <>
                Results for <q>{query}</q>: words that start with what you typed, in English or Nepali.
              </>
            ) : (
              'Type in the search box above: notices, inquiries, applications and staff, as your role allows.'
            )}
          </p>
        </div>
      </header>
      {message ? (
        <p className="search-message" role="alert">
          {message}
        </p>
      ) : null}
      {terms.length > 0 && found === 0 ? <p role="status">Nothing found.</p> : null}
      {groups
        .filter((group) => group.hits.length > 0)
        .map((group) => (
          <section key={group.kind} className="search-group" aria-labelledby={`search-${group.kind}`}>
            <h2 id={`search-${group.kind}`}>
              {SEARCH_KIND_LABELS[group.kind]} <span className="search-group__count">{group.hits.length}</span>
            </h2>
            <ol className="search-results">
              {group.hits.map((hit) => (
                <li key={hit.id} className="search-result">
                  <Link className="search-result__title" to={hit.href}>
                    <SearchPieces pieces={hit.title} />
                  </Link>
                  {hit.detail ? <p className="search-result__detail">{hit.detail}</p> : null}
                  {hit.excerpt.length > 0 ? (
                    <p className="search-result__excerpt">
                      <SearchPieces pieces={hit.excerpt} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
    </section>
  );
}
