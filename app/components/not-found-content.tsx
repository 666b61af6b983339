import { Link } from 'react-router';
import { useSiteContent } from '#app/lib/site-content.ts';
import { PageStyle } from '#app/components/page-style.tsx';
import pagesCss from '#app/styles/pages.css?inline';

/** The 404 page's content, inside the site's navigation: an unknown address, or a notice that is not (or no longer) there. */
export function NotFoundContent({ path }: { path: string }) {
  const { ui, href } = useSiteContent();
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{ui.notFound.title}</h1>
        <p>
          {ui.notFound.noPageAt} <code>{path}</code>. {ui.notFound.mayHaveMoved}
        </p>
        <ul className="not-found__links">
          <li>
            <Link to={href('/')}>{ui.notFound.homePage}</Link>
          </li>
          <li>
            <Link to={href('/notices')}>{ui.notFound.notices}</Link>
          </li>
          <li>
            <Link to={href('/contact')}>{ui.notFound.contact}</Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
