import type { Image } from '#common/image.ts';
import { college } from '#content/college.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/** Thumbnails that open the full-size photo in a new tab. */
export function GalleryGrid({
  images,
  firstNumber = 1,
  total = images.length,
}: {
  images: Image[];
  firstNumber?: number;
  total?: number;
}) {
  return (
    <ul className="gallery-grid">
      {images.map((image, i) => (
        <li key={image.id}>
          <a className="gallery-grid__link" href={image.full} target="_blank" rel="noopener">
            <ResponsivePicture
              image={image}
              alt={`Life at ${college.name}, photo ${firstNumber + i} of ${total} (opens full size in a new tab)`}
              sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 50vw, 100vw"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
