import { Link, data } from 'react-router';
import { pageMeta } from '#app/lib/seo.ts';
import pagesCss from '#app/styles/pages.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/not-found';

/** Unknown addresses get a real 404 status, with the page inside the site's navigation. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Page not found',
    description: 'The page you were looking for does not exist.',
    noindex: true,
  });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>
          There is no page at <code>{loaderData.path}</code>. It may have moved, or the address may be mistyped.
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
