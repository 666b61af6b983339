import type { Db } from '#server/db/db.ts';
import { parseVariants } from '#server/images/variants.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';
import { listImageFiles } from './images.repository.ts';

/** Every image's files live under `img/<image id>/`. */
export const IMAGE_PREFIX = 'img/';

/** The images' stored files, as the storage sweep and check-storage see them. */
export const imageFiles = (db: Db): FileOwner => ({
  kind: 'image',
  prefix: IMAGE_PREFIX,
  async references() {
    return (await listImageFiles(db)).map((row) => ({
      id: row.id,
      keys: parseVariants(row.variants).map((v) => v.key),
    }));
  },
});
