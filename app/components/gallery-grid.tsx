import type { Image } from '#common/image.ts';
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
}

/**
 * Tiles of the gallery (albums on /gallery, photos in an album), each a link to its own page. The first is the
 * page's largest paint on a phone (one column): it loads at once and first, the others lazily and after it;
 * every picture has its width and height, so nothing moves as they arrive.
 */
export function GalleryGrid({ tiles }: { tiles: GalleryTile[] }) {
  return (
    <ul className="gallery-grid">
      {tiles.map((tile, i) => (
        <li key={tile.id}>
          <a className="gallery-grid__link" href={tile.href}>
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
