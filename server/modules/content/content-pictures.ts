import { randomUUID } from 'node:crypto';
import { type ImageLimits, processImage } from '#server/images/image-pipeline.ts';
import { storedVariants } from '#server/images/stored-variants.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
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
  const { variants, files } = storedVariants(prefix, processed);
  return { picture: { kind: 'upload', id, width: processed.width, height: processed.height, variants }, files };
}
