import { Link } from 'react-router';
import { PageStyle } from '#app/components/page-style.tsx';
import pagesCss from '#app/styles/pages.css?inline';

/** The 404 page's content, inside the site's navigation: an unknown address, or a notice that is not (or no longer) there. */
export function NotFoundContent({ path }: { path: string }) {
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>
          There is no page at <code>{path}</code>. It may have moved, or the address may be mistyped.
        </p>
        <ul className="not-found__links">
          <li>
            <Link to="/">Home page</Link>
          </li>
          <li>
            <Link to="/notices">Notices</Link>
          </li>
          <li>
            <Link to="/contact">Contact</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
