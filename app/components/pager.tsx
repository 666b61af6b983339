import { Link } from 'react-router';
import { useSiteContent } from '#app/lib/site-content.ts';

/** Newer/older links between the pages of a long list; plain links, so they work without JavaScript. */
export function Pager({
  path,
  page,
  pageCount,
  label,
  newer,
  older,
}: {
  path: string;
  page: number;
  pageCount: number;
  label: string;
  newer: string;
  older: string;
}) {
  const { ui } = useSiteContent();
  if (pageCount <= 1) return null;
  // `path` may carry a query of its own (a filter): the page number joins it.
  const href = (n: number) => (n === 1 ? path : `${path}${path.includes('?') ? '&' : '?'}page=${n}`);
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link className="pager__link" to={href(page - 1)} rel="prev">
          ← {newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="pager__status">{ui.pager.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link className="pager__link" to={href(page + 1)} rel="next">
          {older} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
