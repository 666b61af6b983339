import type { SitePicture as SitePictureData } from '#common/site-content/picture.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/**
 * A picture of the college's content: an uploaded photo through the responsive <picture>, or one of the
 * drawings the site ships with by its served address (one SVG, sharp at any size).
 */
export function SitePicture({
  picture,
  alt,
  sizes,
  className,
  priority = false,
}: {
  picture: SitePictureData;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  if (picture.srcset) {
    return (
      <ResponsivePicture
        image={{ ...picture, srcset: picture.srcset }}
        alt={alt}
        sizes={sizes}
        className={className}
        priority={priority}
      />
    );
  }
  // A plain <img>: React writes the preload of a first slide's drawing from its fetchPriority.
  return (
    <img
      className={className}
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}
