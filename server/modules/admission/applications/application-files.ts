import type { Db } from '#server/db/db.ts';
import type { ApplicationDocumentRow } from '#server/db/schema.ts';
import type { StoredVariant } from '#server/images/variants.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';
import { listDocumentFiles } from './application-office.repository.ts';

/**
 * Every file an applicant sends is stored under this prefix: `applications/<application id>/<document id>/…`
 * (the pictures drawn from it, and a PDF as sent), and `applications/pending/<form token>/…` while a refused
 * form waits to be sent again. Never served by /media: only the office's pages serve them, to the roles the
 * policy allows, and every opening is audited.
 */
export const APPLICATION_PREFIX = 'applications/';
export const APPLICATION_PENDING_PREFIX = `${APPLICATION_PREFIX}pending/`;

/** The prefix of one document's files. */
export const documentPrefix = (applicationId: string, documentId: string): string =>
  `${APPLICATION_PREFIX}${applicationId}/${documentId}`;

export const documentVariants = (row: Pick<ApplicationDocumentRow, 'variants'>): StoredVariant[] => {
  try {
    const parsed: unknown = JSON.parse(row.variants);
    return Array.isArray(parsed) ? (parsed as StoredVariant[]) : [];
  } catch {
    return [];
  }
};

/** Every stored key of one document: its pictures and, for a PDF, the file as sent. */
export function documentKeys(row: Pick<ApplicationDocumentRow, 'file_key' | 'variants'>): string[] {
  const keys = documentVariants(row).map((v) => v.key);
  if (row.file_key) keys.push(row.file_key);
  return keys;
}

/**
 * The documents' stored files, as the storage sweep and check-storage see them. Files kept for a refused form
 * belong to no row: the sweep removes those left behind after its grace period.
 */
export const applicationFiles = (db: Db): FileOwner => ({
  kind: 'application document',
  prefix: APPLICATION_PREFIX,
  async references() {
    const rows = await listDocumentFiles(db);
    return rows.map((row) => ({ id: row.id, keys: documentKeys(row) }));
  },
});
