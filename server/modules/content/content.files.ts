import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/db.ts';
import type { FileOwner, FileReference } from '#server/storage/storage-sweep.ts';
import type { Storage } from '#server/storage/storage.ts';
import { listSections } from './content.repository.ts';

/** Every file the office uploads for the site's content lives under `site/`. */
export const SITE_PREFIX = 'site/';

/**
 * The stored files a section's JSON refers to, one reference per upload. Read from the raw JSON, not
 * through the section's schema: a row that a later change made unreadable still keeps its files.
 */
export function uploadsIn(json: unknown, owner: string): FileReference[] {
  const found: FileReference[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const item = value as Record<string, unknown>;
    if (item.kind === 'upload') {
      const keys = [
        ...(typeof item.key === 'string' ? [item.key] : []),
        ...(Array.isArray(item.variants)
          ? item.variants.flatMap((v: unknown) =>
              v && typeof v === 'object' && typeof (v as { key?: unknown }).key === 'string'
                ? [(v as { key: string }).key]
                : [],
            )
          : []),
      ];
      const id = typeof item.id === 'string' ? item.id : (keys[0] ?? '?');
      found.push({ id: `${owner}/${id}`, keys });
      return;
    }
    Object.values(item).forEach(visit);
  };
  visit(json);
  return found;
}

export const keysIn = (json: unknown): Set<string> => new Set(uploadsIn(json, '').flatMap((r) => r.keys));

/** The content's stored files, as the storage sweep and check-storage see them. */
export const siteContentFiles = (db: Db): FileOwner => ({
  kind: 'site content',
  prefix: SITE_PREFIX,
  async references() {
    return (await listSections(db)).flatMap((row) => uploadsIn(JSON.parse(row.data), row.section));
  },
});

/**
 * Deletes the files of pictures a save has dropped, after it committed. One that cannot be deleted now
 * is no longer referenced, so the storage sweep removes it later.
 */
export async function removeDroppedFiles(
  storage: Storage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  before: unknown,
  after: unknown,
): Promise<void> {
  const kept = keysIn(after);
  const dropped = [...keysIn(before)].filter((key) => !kept.has(key));
  const results = await Promise.allSettled(dropped.map((key) => storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected')
      log.warn({ err: r.reason, key: dropped[i] }, 'could not delete a replaced content file');
  });
}
