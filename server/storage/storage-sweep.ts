import { STAGING_PREFIX, type StagedEntry, type Storage } from './storage.ts';
import { batchOwnerGone } from './batch-owner.ts';

/** One row that refers to stored files. */
export interface FileReference {
  id: string;
  keys: readonly string[];
}

/** A module whose rows refer to stored files (images today; any later one the same way). */
export interface FileOwner {
  /** What one of its rows is called in reports: 'image'. */
  kind: string;
  /** Every key of this owner starts with it, and it ends in '/': 'img/'. Only files under it are swept. */
  prefix: string;
  /** Every row that refers to files, with the keys it refers to. */
  references: () => Promise<FileReference[]>;
}

export interface MissingFiles {
  kind: string;
  id: string;
  keys: string[];
}

export interface SweepReport {
  /** Rows read and published files listed. */
  rows: number;
  files: number;
  /** Published files that no row refers to, older than the grace period: removed (unless dry run or refused). */
  orphans: string[];
  /** How many of them were removed. */
  removed: number;
  /** Staged files of uploads that never committed, older than the grace period: removed (unless dry run). */
  abandoned: StagedEntry[];
  /** Staging folders left with no file in them (a crash after publishing), older than the grace period: removed. */
  emptyBatches: string[];
  /** Staged files whose row was committed (a crash between commit and publish): published (unless dry run). */
  restored: string[];
  /** Files that no row refers to yet, younger than the grace period: left alone, as uploads in flight. */
  recent: number;
  /** Rows whose files are missing: reported, never changed. */
  missing: MissingFiles[];
  /** True when the orphans looked like a wrong database rather than leftovers, so none were removed. */
  refused: boolean;
  /** Removals or moves that failed; the next sweep tries again. */
  failed: { key: string; error: string }[];
}

export interface SweepOptions {
  now?: Date;
  /** Files younger than this are never removed: an upload may be writing them. */
  minAgeMs?: number;
  /** Report only; change nothing (npm run check-storage). */
  dryRun?: boolean;
  /**
   * Whether the process that staged a batch has ended: its files are abandoned whatever their age (a
   * process killed mid-upload), so a restart removes them at once.
   */
  ownerGone?: (batch: string) => boolean;
}

export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * A sweep that would remove more than half of the stored files (and more than a handful) is far more
 * likely pointed at the wrong database (a new DATABASE_URL, a restored old backup) than cleaning up
 * leftovers: it removes none of them and says so.
 */
const looksLikeWrongDatabase = (orphans: number, files: number): boolean => orphans > 10 && orphans > files / 2;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Removes stored files that no row refers to and reports rows whose files are missing, across every
 * owner's prefix and the staging area. Only files older than `minAgeMs` are removed, and the staged files
 * of a process that has ended (`ownerGone`), whatever their age.
 *
 * Rows are read first, then staged files, then published ones: a file written after the rows were read
 * is younger than the grace period, and a file published while the sweep lists is seen in the last
 * listing, so neither is mistaken for an orphan or for missing.
 */
export async function sweepStorage(
  storage: Storage,
  owners: readonly FileOwner[],
  { now = new Date(), minAgeMs = SWEEP_MIN_AGE_MS, dryRun = false, ownerGone = batchOwnerGone }: SweepOptions = {},
): Promise<SweepReport> {
  const isOld = (time: Date) => time.getTime() <= now.getTime() - minAgeMs;
  const rowsByOwner = await Promise.all(owners.map((owner) => owner.references()));
  const referenced = new Set(rowsByOwner.flatMap((rows) => rows.flatMap((row) => row.keys)));
  const staged = await collect(storage.stagedEntries());
  const stored = new Set<string>();
  const report: SweepReport = {
    rows: rowsByOwner.reduce((n, rows) => n + rows.length, 0),
    files: 0,
    orphans: [],
    removed: 0,
    abandoned: [],
    emptyBatches: [],
    restored: [],
    recent: 0,
    missing: [],
    refused: false,
    failed: [],
  };
  const attempt = async (key: string, work: () => Promise<void>): Promise<boolean> => {
    if (dryRun) return true;
    try {
      await work();
      return true;
    } catch (err) {
      report.failed.push({ key, error: describe(err) });
      return false;
    }
  };

  for (const owner of owners) {
    for await (const entry of storage.entries(owner.prefix)) {
      stored.add(entry.key);
      if (referenced.has(entry.key)) continue;
      if (isOld(entry.modifiedAt)) report.orphans.push(entry.key);
      else report.recent += 1;
    }
  }
  report.files = stored.size;

  const batches = new Map<string, StagedEntry[]>();
  for (const entry of staged) batches.set(entry.batch, [...(batches.get(entry.batch) ?? []), entry]);
  for (const [batch, entries] of batches) {
    const committed = entries.filter((e) => referenced.has(e.key));
    const leftovers = entries.filter((e) => !referenced.has(e.key));
    let published = true;
    for (const entry of committed) {
      if (await attempt(entry.key, () => storage.publish(batch, entry.key))) report.restored.push(entry.key);
      else published = false;
    }
    // Nothing of a batch whose committed files are still staged may go: the next sweep tries again.
    if (!published) continue;
    // An upload still staging has written its newest file within the grace period (unless its process ended).
    const newest = new Date(Math.max(...entries.map((e) => e.modifiedAt.getTime())));
    if (leftovers.length > 0 && !isOld(newest) && !ownerGone(batch)) {
      report.recent += leftovers.length;
      continue;
    }
    report.abandoned.push(...leftovers);
    await attempt(`${STAGING_PREFIX}/${batch}/`, () => storage.discard(batch));
  }
  for await (const empty of storage.emptyBatches()) {
    if (!isOld(empty.modifiedAt) && !ownerGone(empty.batch)) continue;
    report.emptyBatches.push(empty.batch);
    await attempt(`${STAGING_PREFIX}/${empty.batch}/`, () => storage.discard(empty.batch));
  }

  report.refused = looksLikeWrongDatabase(report.orphans.length, report.files);
  if (!report.refused) {
    for (const key of report.orphans) {
      if (!dryRun && (await attempt(key, () => storage.delete(key)))) report.removed += 1;
    }
  }

  const present = new Set([...stored, ...report.restored]);
  report.missing = await stillMissing(owners, rowsByOwner, present);
  return report;
}

/**
 * Rows with keys absent from storage, read again before they are reported, so a row deleted (with its
 * files) while the sweep ran is not reported as damaged.
 */
async function stillMissing(
  owners: readonly FileOwner[],
  rowsByOwner: FileReference[][],
  present: ReadonlySet<string>,
): Promise<MissingFiles[]> {
  const missing: MissingFiles[] = [];
  for (const [i, owner] of owners.entries()) {
    const suspects = rowsByOwner[i]!.filter((row) => row.keys.some((key) => !present.has(key)));
    if (suspects.length === 0) continue;
    const current = new Map((await owner.references()).map((row) => [row.id, new Set(row.keys)]));
    for (const row of suspects) {
      const keys = current.get(row.id);
      const absent = row.keys.filter((key) => !present.has(key) && keys?.has(key));
      if (absent.length > 0) missing.push({ kind: owner.kind, id: row.id, keys: absent });
    }
  }
  return missing;
}
