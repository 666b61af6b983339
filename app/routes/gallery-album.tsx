import { data, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { GalleryGrid } from '#app/components/gallery-grid.tsx';
import { NotFoundContent } from '#app/components/not-found-content.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { collegeShortNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { localized, siteContentOf, useSiteContent } from '#app/lib/site-content.ts';
import pagesCss from '#app/styles/pages.css?inline';
import type { Route } from './+types/gallery-album';

/** A published album and its photos in order; a hidden or unknown album is the site's 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.services.albums.bySlug(params.album);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  const album = args.loaderData?.album;
  const lang = siteContentOf(args.matches)?.lang ?? 'en';
  if (!album)
    return pageMeta(args, {
      title: ui.meta.galleryTitle(collegeShortNameOf(args.matches)),
      description: '',
      noindex: true,
    });
  const title = localized({ en: album.titleEn, ne: album.titleNe }, lang);
  const description = localized({ en: album.descriptionEn, ne: album.descriptionNe }, lang);
  return pageMeta(args, { title, description: description || `${title}: ${ui.gallery.photoCount(album.photoCount)}` });
};

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent path={pathname} />;
  throw error;
}

export default function GalleryAlbum({ loaderData }: Route.ComponentProps) {
  const { album, photos } = loaderData;
  const { ui, href, t, langOf, lang } = useSiteContent();
  const titleText = { en: album.titleEn, ne: album.titleNe };
  const title = t(titleText);
  const description = t({ en: album.descriptionEn, ne: album.descriptionNe });
  const date = formatBsStringIn(lang, album.heldOn);
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container">
        <p className="gallery-crumb">
          <a href={href('/gallery')}>{ui.gallery.allAlbums}</a>
        </p>
        <header className="page__header" lang={langOf(titleText)}>
          <h1>{title}</h1>
          {date ? <p className="gallery-date">{date}</p> : null}
          {description ? <p>{description}</p> : null}
        </header>
        {photos.length > 0 ? (
          <GalleryGrid
            tiles={photos.map((photo, i) => ({
              id: photo.id,
              image: photo,
              href: href(`/gallery/${album.slug}/${photo.id}`),
              alt: t(photo.alt) || t(photo.caption) || ui.gallery.albumPhotoAlt(title, i + 1, photos.length),
              ...(t(photo.caption) ? { detail: t(photo.caption), lang: langOf(photo.caption) } : {}),
              position: ui.gallery.position(i + 1, photos.length),
            }))}
            viewer={{
              close: ui.gallery.viewerClose,
              zoom: ui.gallery.viewerZoom,
              previous: ui.gallery.previous,
              next: ui.gallery.next,
              error: ui.gallery.viewerError,
            }}
          />
        ) : (
          <p className="empty-state">{ui.gallery.emptyAlbum}</p>
        )}
      </div>
    </main>
  );
}
