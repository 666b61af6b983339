import type { Image } from '#common/image.ts';

/** A stored image at the size of an admin grid cell: AVIF, then WebP, then JPEG, lazily loaded. */
export function AdminPicture({ image, alt, sizes }: { image: Image; alt: string; sizes: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      <img
        className="image-card__img"
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
