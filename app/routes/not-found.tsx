import { data } from 'react-router';
import { interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { NotFoundContent } from '#app/components/not-found-content.tsx';
import type { Route } from './+types/not-found';

/** Unknown addresses get a real 404 status, with the page inside the site's navigation. */
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, { title: ui.notFound.title, description: ui.notFound.description, noindex: true });
};

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent path={loaderData.path} />;
}
