import { Link, redirect } from 'react-router';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import { GalleryGrid } from '#app/components/gallery-grid.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import pagesCss from '#app/styles/pages.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.meta.galleryTitle,
    description: ui.meta.galleryDescription(collegeNameOf(args.matches)),
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1');
  const result = await context.services.images.listPage('gallery', page);
  // A page past the end (a photo was deleted since the link was made) or a bad number: start again.
  if (!result) throw redirect(pathIn(languageOfPath(url.pathname), '/gallery'));
  return result;
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { images, page, pageCount, pageSize, total } = loaderData;
  const firstNumber = (page - 1) * pageSize + 1;
  const { ui, href } = useSiteContent();
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container">
        <header className="page__header">
          <h1>{ui.gallery.heading}</h1>
          <p>{ui.gallery.intro}</p>
        </header>
        {images.length > 0 ? (
          <>
            <GalleryGrid images={images} firstNumber={firstNumber} total={total} />
            <Pager
              path={href('/gallery')}
              page={page}
              pageCount={pageCount}
              label={ui.gallery.pagesLabel}
              newer={ui.gallery.newer}
              older={ui.gallery.older}
            />
          </>
        ) : (
          <p className="empty-state">
            {ui.gallery.emptyBefore}
            <Link to={href('/contact')}>{ui.gallery.emptyLink}</Link>
            {ui.gallery.emptyAfter}
          </p>
        )}
      </div>
    </main>
  );
}
