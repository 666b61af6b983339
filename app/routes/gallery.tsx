import { Link, redirect } from 'react-router';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import { GalleryGrid } from '#app/components/gallery-grid.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, collegeShortNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import pagesCss from '#app/styles/pages.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/gallery';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.meta.galleryTitle(collegeShortNameOf(args.matches)),
    description: ui.meta.galleryDescription(collegeNameOf(args.matches)),
  });
};

/** The published albums, newest event first, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get('page') ?? '1');
  const result = await context.services.albums.listPage(page);
  // A page past the end (an album was hidden since the link was made) or a bad number: start again.
  if (!result) throw redirect(pathIn(languageOfPath(url.pathname), '/gallery'));
  return result;
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { albums, page, pageCount } = loaderData;
  const { ui, href, t, lang, site } = useSiteContent();
  // Albums with no photo yet (the default album of a site that starts empty, or whose demo was removed) are not a
  // gallery: a visitor is told there are no photos, rather than shown empty albums.
  const noPhotos = pageCount === 1 && albums.every((album) => album.photoCount === 0);
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container">
        <header className="page__header">
          <h1>{ui.gallery.heading(t(site.college.shortName))}</h1>
          <p>{ui.gallery.intro}</p>
        </header>
        {!noPhotos ? (
          <>
            <GalleryGrid
              tiles={albums.map((album) => {
                const title = t({ en: album.titleEn, ne: album.titleNe });
                const date = formatBsStringIn(lang, album.heldOn);
                return {
                  id: album.id,
                  image: album.cover,
                  href: href(`/gallery/${album.slug}`),
                  alt: album.cover ? t(album.cover.alt) || title : title,
                  title,
                  detail: [date, ui.gallery.photoCount(album.photoCount)].filter(Boolean).join(' · '),
                };
              })}
            />
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
