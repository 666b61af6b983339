import { preload } from 'react-dom';
import type { Image } from '#common/image.ts';

/** What the component needs of an uploaded photo: gallery images and the content's uploaded pictures both have it. */
export type ResponsiveImage = Pick<Image, 'src' | 'width' | 'height' | 'srcset'>;

/**
 * An uploaded photo as <picture>: AVIF and WebP for browsers that take them, JPEG otherwise, each at the
 * stored widths so the browser picks by `sizes`. Width and height reserve the space (no layout shift).
 * A photo that is the page's largest paint (`priority`) loads at once and first, its AVIF preloaded from the
 * <head> (React writes no preload for an <img> inside a <picture>); every other one loads lazily. One shown
 * beside such a photo (`afterFirst`, the gallery's other photos) asks for low priority, so the browser does
 * not raise it to the first photo's level once it is seen in view and share the first photo's link. Every photo
 * is decoded off the main thread: decoding an AVIF with the page's first frame cost the gallery 50–100 ms of
 * blocking time in Lighthouse's simulation.
 */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  className,
  imgClassName,
  priority = false,
  afterFirst = false,
}: {
  image: ResponsiveImage;
  alt: string;
  sizes: string;
  className?: string;
  imgClassName?: string;
  priority?: boolean;
  afterFirst?: boolean;
}) {
  if (priority) {
    preload(image.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: image.srcset.avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      <img
        className={imgClassName}
        src={image.src}
        srcSet={image.srcset.jpeg}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        {...(priority
          ? { fetchPriority: 'high' as const }
          : { loading: 'lazy' as const, ...(afterFirst ? { fetchPriority: 'low' as const } : {}) })}
        decoding="async"
      />
    </picture>
  );
}
