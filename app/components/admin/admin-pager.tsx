/**
 * Links between the pages of a long admin list (applications, notices, messages, the audit log): plain links,
 * so they work without JavaScript, with where the office is ('Page 2 of 7').
 */
export function AdminPager({
  label,
  page,
  pageCount,
  href,
  previous = 'Newer',
  next = 'Older',
}: {
  label: string;
  page: number;
  pageCount: number;
  /** The address of page `n`, filters kept. */
  href: (n: number) => string;
  previous?: string;
  next?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          {previous}
        </a>
      ) : null}
      <span className="admin-pager__status">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <a href={href(page + 1)} rel="next">
          {next}
        </a>
      ) : null}
    </nav>
  );
}
