import { data, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { NotFoundContent } from '#app/components/not-found-content.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { ResponsivePicture } from '#app/components/responsive-picture.tsx';
import { collegeShortNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { localized, siteContentOf, useSiteContent } from '#app/lib/site-content.ts';
import pagesCss from '#app/styles/pages.css?inline';
import type { Route } from './+types/gallery-photo';

/** One photo of a published album at its own address, with its neighbours: the gallery without JavaScript. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.services.albums.bySlug(params.album);
  const index = found ? found.photos.findIndex((p) => p.id === params.photo) : -1;
  if (!found || index < 0) throw data(null, { status: 404 });
  return {
    album: found.album,
    photo: found.photos[index]!,
    index,
    count: found.photos.length,
    previous: found.photos[index - 1]?.id ?? null,
    next: found.photos[index + 1]?.id ?? null,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  const loaded = args.loaderData;
  if (!loaded)
    return pageMeta(args, {
      title: ui.meta.galleryTitle(collegeShortNameOf(args.matches)),
      description: '',
      noindex: true,
    });
  const lang = siteContentOf(args.matches)?.lang ?? 'en';
  const album = localized({ en: loaded.album.titleEn, ne: loaded.album.titleNe }, lang);
  const caption = localized(loaded.photo.caption, lang);
  return pageMeta(args, {
    title: `${caption || ui.gallery.position(loaded.index + 1, loaded.count)} · ${album}`,
    description: caption || album,
  });
};

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent path={pathname} />;
  throw error;
}

export default function GalleryPhoto({ loaderData }: Route.ComponentProps) {
  const { album, photo, index, count, previous, next } = loaderData;
  const { ui, href, t, langOf } = useSiteContent();
  const title = t({ en: album.titleEn, ne: album.titleNe });
  const caption = t(photo.caption);
  const albumPath = href(`/gallery/${album.slug}`);
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container gallery-photo">
        <p className="gallery-crumb">
          <a href={albumPath}>{ui.gallery.backToAlbum(title)}</a>
        </p>
        <h1 className="gallery-photo__position">{ui.gallery.position(index + 1, count)}</h1>
        <figure>
          <a href={photo.full}>
            <ResponsivePicture
              image={photo}
              alt={t(photo.alt) || caption || ui.gallery.albumPhotoAlt(title, index + 1, count)}
              sizes="(min-width: 72rem) 70rem, 100vw"
              priority
            />
          </a>
          {caption ? <figcaption lang={langOf(photo.caption)}>{caption}</figcaption> : null}
        </figure>
        <nav className="gallery-photo__nav" aria-label={title}>
          {previous ? (
            <a href={`${albumPath}/${previous}`} rel="prev">
              {ui.gallery.previous}
            </a>
          ) : (
            <span />
          )}
          <a href={photo.full}>{ui.gallery.openFull}</a>
          {next ? (
            <a href={`${albumPath}/${next}`} rel="next">
              {ui.gallery.next}
            </a>
          ) : (
            <span />
          )}
        </nav>
      </div>
    </main>
  );
}
