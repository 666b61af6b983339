import { randomUUID } from 'node:crypto';
import { type ImageLimits, processImage } from '#server/images/image-pipeline.ts';
import { variantKey } from '#server/images/variants.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
import { contentTypeForKey } from '#server/storage/storage.ts';
import { SITE_PREFIX } from './content.files.ts';
import type { StoredUpload } from './stored-sections.ts';

export interface PreparedPicture {
  picture: StoredUpload;
  files: NewFile[];
}

/**
 * Runs an upload through the image pipeline (checked by content, metadata stripped, responsive
 * variants) and names its files under `site/<picture id>/`, new keys that no other row uses.
 */
export async function preparePicture(input: Buffer, limits: ImageLimits): Promise<PreparedPicture> {
  const processed = await processImage(input, limits);
  const id = randomUUID();
  const prefix = `${SITE_PREFIX}${id}`;
  const variants = processed.variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: variantKey(prefix, processed.hash, v.width, v.format),
    bytes: v.body.length,
  }));
  return {
    picture: { kind: 'upload', id, width: processed.width, height: processed.height, variants },
    files: variants.map((v, i) => ({
      key: v.key,
      body: processed.variants[i]!.body,
      contentType: contentTypeForKey(v.key),
    })),
  };
}
