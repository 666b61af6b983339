import type { Db } from '#server/db/db.ts';
import { siteContentFiles } from '#server/modules/content/index.ts';
import { imageFiles, photoOriginalFiles } from '#server/modules/images/index.ts';
import { attachmentFiles } from '#server/modules/notices/index.ts';
import { applicationFiles, paymentFiles } from '#server/modules/admission/index.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';

/**
 * Every module whose rows refer to stored files, each with a prefix of its own. The sweep and
 * check-storage look only under these prefixes (and in the staging area): a module that stores files
 * adds its owner here, so that its leftovers are found and its damaged rows reported.
 */
export const fileOwners = (db: Db): FileOwner[] => [
  imageFiles(db),
  photoOriginalFiles(db),
  siteContentFiles(db),
  attachmentFiles(db),
  applicationFiles(db),
  paymentFiles(db),
];
