import type { Image } from '#common/image.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/**
 * Thumbnails that open the full-size photo in a new tab. The first is the page's largest paint on a phone
 * (one column): it loads at once and first, the others lazily and after it.
 */
export function GalleryGrid({
  images,
  firstNumber = 1,
  total = images.length,
}: {
  images: Image[];
  firstNumber?: number;
  total?: number;
}) {
  const { site, t, ui } = useSiteContent();
  const name = t(site.college.name);
  return (
    <ul className="gallery-grid">
      {images.map((image, i) => (
        <li key={image.id}>
          <a className="gallery-grid__link" href={image.full} target="_blank" rel="noopener">
            <ResponsivePicture
              image={image}
              alt={ui.gallery.photoAlt(name, firstNumber + i, total)}
              sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 50vw, 100vw"
              priority={i === 0}
              afterFirst={i > 0}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
