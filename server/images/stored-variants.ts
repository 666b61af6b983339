import type { NewFile } from '#server/storage/store-with-commit.ts';
import { contentTypeForKey } from '#server/storage/storage.ts';
import type { ProcessedImage } from './image-pipeline.ts';
import { type StoredVariant, variantKey } from './variants.ts';

/**
 * How every processed picture is stored (album photos, site pictures, notice attachments, payment QRs,
 * applicants' documents): each variant under `prefix`, named by the content's hash, its width and format; the
 * row keeps the variants' list and the storage receives one file per variant.
 */
export function storedVariants(
  prefix: string,
  picture: Pick<ProcessedImage, 'hash' | 'variants'>,
): { variants: StoredVariant[]; files: NewFile[] } {
  const variants: StoredVariant[] = picture.variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: variantKey(prefix, picture.hash, v.width, v.format),
    bytes: v.body.length,
  }));
  const files: NewFile[] = variants.map((v, i) => ({
    key: v.key,
    body: picture.variants[i]!.body,
    contentType: contentTypeForKey(v.key),
  }));
  return { variants, files };
}
