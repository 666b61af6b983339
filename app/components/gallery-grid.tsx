import { IMAGE_WIDTHS, type Image } from '#common/image.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

export interface GalleryTile {
  id: string;
  image: Image | null;
  href: string;
  alt: string;
  /** Words under the picture: an album's title, date and count; a photo's caption. */
  title?: string;
  detail?: string;
  /** The language of title and detail when it differs from the page's. */
  lang?: string | undefined;
  /** Where the tile stands, as the viewer says it ("Photo 3 of 12"); only on tiles the viewer opens. */
  position?: string;
}

/** The texts of the photo viewer (the site script's chunk opened on a tap), in the page's language. */
export interface ViewerLabels {
  close: string;
  zoom: string;
  previous: string;
  next: string;
  error: string;
}

/** The size of a photo's largest stored variant (the original's, capped at the widest width written). */
function largestSize(image: Image): { width: number; height: number } {
  const width = Math.min(image.width, Math.max(...IMAGE_WIDTHS));
  return { width, height: Math.round((image.height * width) / image.width) };
}

/**
 * Tiles of the gallery (albums on /gallery, photos in an album), each a link to its own page. The first is the
 * page's largest paint on a phone (one column): it loads at once and first, the others lazily and after it;
 * every picture has its width and height, so nothing moves as they arrive.
 *
 * With `viewer`, each photo's link also carries its largest variant and size for the site script's viewer
 * (app/lib/enhance/gallery-viewer-start.ts), which opens it full screen on a tap; without script, or with a
 * modifier key, the link opens the photo's own page.
 */
export function GalleryGrid({ tiles, viewer }: { tiles: GalleryTile[]; viewer?: ViewerLabels }) {
  return (
    <ul
      className="gallery-grid"
      {...(viewer
        ? {
            'data-gallery-viewer': '',
            'data-viewer-close': viewer.close,
            'data-viewer-zoom': viewer.zoom,
            'data-viewer-previous': viewer.previous,
            'data-viewer-next': viewer.next,
            'data-viewer-error': viewer.error,
          }
        : {})}
    >
      {tiles.map((tile, i) => (
        <li key={tile.id}>
          <a
            className="gallery-grid__link"
            href={tile.href}
            {...(viewer && tile.image
              ? {
                  'data-pswp-src': tile.image.full,
                  'data-pswp-srcset': tile.image.srcset.webp,
                  'data-pswp-width': largestSize(tile.image).width,
                  'data-pswp-height': largestSize(tile.image).height,
                  'data-position': tile.position,
                }
              : {})}
          >
            {tile.image ? (
              <ResponsivePicture
                image={tile.image}
                alt={tile.alt}
                sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 50vw, 100vw"
                priority={i === 0}
                afterFirst={i > 0}
              />
            ) : (
              <span className="gallery-grid__blank" role="img" aria-label={tile.alt} />
            )}
            {tile.title || tile.detail ? (
              <span className="gallery-grid__words" lang={tile.lang}>
                {tile.title ? <strong>{tile.title}</strong> : null}
                {tile.detail ? <span>{tile.detail}</span> : null}
              </span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  );
}
