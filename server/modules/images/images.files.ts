import type { Db } from '#server/db/db.ts';
import { parseVariants } from '#server/images/variants.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';
import { listImageFiles } from './images.repository.ts';

/** Every image's files live under `img/<image id>/`. */
export const IMAGE_PREFIX = 'img/';

/**
 * An album photo's original as uploaded, `photo-originals/<image id>`, kept only until the background worker
 * made its variants. It still carries its metadata (a phone's GPS position among it), so it is never served.
 */
export const PHOTO_ORIGINAL_PREFIX = 'photo-originals/';
export const photoOriginalKey = (id: string): string => `${PHOTO_ORIGINAL_PREFIX}${id}`;

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

/** The originals of photos waiting for processing. */
export const photoOriginalFiles = (db: Db): FileOwner => ({
  kind: 'photo original',
  prefix: PHOTO_ORIGINAL_PREFIX,
  async references() {
    return (await listImageFiles(db)).flatMap((row) =>
      row.original_key ? [{ id: row.id, keys: [row.original_key] }] : [],
    );
  },
});
