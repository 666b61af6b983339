import { Link, redirect } from 'react-router';
import { GalleryGrid } from '#app/components/gallery-grid.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, pageMeta } from '#app/lib/seo.ts';
import pagesCss from '#app/styles/pages.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Gallery: Life at Orbit',
    description: `Photos of ${collegeNameOf(args.matches)}, Bharatpur: the campus, classes and events.`,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const result = await context.services.images.listPage('gallery', page);
  // A page past the end (a photo was deleted since the link was made) or a bad number: start again.
  if (!result) throw redirect('/gallery');
  return result;
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { images, page, pageCount, pageSize, total } = loaderData;
  const firstNumber = (page - 1) * pageSize + 1;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container">
        <header className="page__header">
          <h1>Life at Orbit</h1>
          <p>Moments from the campus. Select a photo to see it full size.</p>
        </header>
        {images.length > 0 ? (
          <>
            <GalleryGrid images={images} firstNumber={firstNumber} total={total} />
            <Pager
              path="/gallery"
              page={page}
              pageCount={pageCount}
              label="Gallery pages"
              newer="Newer photos"
              older="Older photos"
            />
          </>
        ) : (
          <p className="empty-state">
            There are no photos in the gallery yet. Please check again soon, or <Link to="/contact">contact us</Link> to
            arrange a visit.
          </p>
        )}
      </div>
    </main>
  );
}
