import type { Image } from '#common/image.ts';

/**
 * An uploaded photo as <picture>: AVIF and WebP for browsers that take them, JPEG otherwise, each at the
 * stored widths so the browser picks by `sizes`. Width and height reserve the space (no layout shift).
 */
export function ResponsivePicture({
  image,
  alt,
  sizes,
  className,
  imgClassName,
}: {
  image: Image;
  alt: string;
  sizes: string;
  className?: string;
  imgClassName?: string;
}) {
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
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
