import { z } from 'zod';
import { IMAGE_FORMATS, type Image, type ImageFolder } from '#common/image.ts';
import type { ImageRow } from '#server/db/schema.ts';

export const StoredVariantSchema = z.object({
  format: z.enum(IMAGE_FORMATS),
  width: z.number().int(),
  height: z.number().int(),
  key: z.string(),
  bytes: z.number().int(),
});
export type StoredVariant = z.infer<typeof StoredVariantSchema>;
const StoredVariantsSchema = z.array(StoredVariantSchema);

export function parseVariants(json: string): StoredVariant[] {
  return StoredVariantsSchema.parse(JSON.parse(json));
}

const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

/** Content-addressed name inside the image's own prefix: a new upload never reuses a cached URL. */
export function variantKey(prefix: string, hash: string, width: number, format: StoredVariant['format']): string {
  return `${prefix}/${hash}-${width}.${EXTENSIONS[format]}`;
}

/** Turns a stored row into what the API and the pages use: URLs, srcsets, width and height. */
export function toImage(row: ImageRow, urlFor: (key: string) => string): Image {
  const variants = parseVariants(row.variants);
  const srcset = (format: StoredVariant['format']) =>
    variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${urlFor(v.key)} ${v.width}w`)
      .join(', ');
  const jpegs = variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const middle = jpegs[Math.min(1, jpegs.length - 1)];
  const largest = jpegs[jpegs.length - 1];
  if (!middle || !largest) throw new Error(`Image ${row.id} has no JPEG variant`);
  return {
    id: row.id,
    folder: row.folder as ImageFolder,
    width: row.width,
    height: row.height,
    src: urlFor(middle.key),
    full: urlFor(largest.key),
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
    createdAt: row.created_at,
    albumId: row.album_id,
    caption: { en: row.caption_en, ne: row.caption_ne },
    alt: { en: row.alt_en, ne: row.alt_ne },
  };
}
