import { STALE_COPY } from '#common/api-error.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import { contentChanges } from '#server/audit/content-changes.ts';
import type { Actor } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Db } from '#server/db/db.ts';
import type { SiteContentRow } from '#server/db/schema.ts';
import { AppError, conflict } from '#server/errors.ts';
import { defaultSections } from './content-defaults.ts';
import { withDefaultNepali } from './default-nepali.ts';
import * as repo from './content.repository.ts';
import { STORED_SCHEMAS, type StoredSections } from './stored-sections.ts';

/** A section as stored: version 0 means no row yet (the defaults, never saved). */
export interface SectionState<S extends ContentSection> {
  data: StoredSections[S];
  version: number;
  updatedAt: string | null;
}

export const staleCopy = () => conflict(STALE_COPY.code, STALE_COPY.message);
const isStale = (err: unknown) => err instanceof AppError && err.code === STALE_COPY.code;

/**
 * Parses a row, giving default texts their default Nepali (default-nepali.ts); a row that does not fit its
 * schema is an error of ours, never shown as content.
 */
export function parseRow<S extends ContentSection>(section: S, row: SiteContentRow): SectionState<S> {
  const parsed = STORED_SCHEMAS[section].safeParse(JSON.parse(row.data));
  if (!parsed.success) {
    throw new Error(`The stored ${section} content does not fit its schema: ${parsed.error.message}`);
  }
  return {
    data: withDefaultNepali(parsed.data as StoredSections[S]),
    version: row.version,
    updatedAt: row.updated_at,
  };
}

const defaultState = <S extends ContentSection>(section: S): SectionState<S> => ({
  data: defaultSections()[section],
  version: 0,
  updatedAt: null,
});

export async function readSection<S extends ContentSection>(db: Db, section: S): Promise<SectionState<S>> {
  const row = await repo.findSection(db, section);
  return row ? parseRow(section, row) : defaultState(section);
}

/** Every section in one query; a section never saved (added by a later release) has its defaults. */
export async function readAllSections(
  db: Db,
  onBadRow: (section: ContentSection, err: unknown) => void,
): Promise<StoredSections> {
  const sections = defaultSections();
  for (const row of await repo.listSections(db)) {
    const section = row.section as ContentSection;
    if (!(section in STORED_SCHEMAS)) continue;
    try {
      (sections as Record<ContentSection, unknown>)[section] = parseRow(section, row).data;
    } catch (err) {
      // The public pages stay up with the defaults for that section; the log says what is wrong.
      onBadRow(section, err);
    }
  }
  return sections;
}

/** Saves `data` over the version it was made from, or refuses it as a stale copy. */
async function writeSection<S extends ContentSection>(
  trx: Db,
  section: S,
  fromVersion: number,
  data: StoredSections[S],
  at: Date,
): Promise<SectionState<S>> {
  // Our own output is checked too: nothing that the readers would refuse is ever stored.
  const json = JSON.stringify(STORED_SCHEMAS[section].parse(data));
  const updatedAt = at.toISOString();
  const saved =
    fromVersion === 0
      ? await repo.insertSection(trx, { section, data: json, version: 1, updated_at: updatedAt })
      : await repo.updateSectionAt(trx, section, fromVersion, json, updatedAt);
  if (!saved) throw staleCopy();
  // As the next read will give it.
  return { data: withDefaultNepali(data), version: fromVersion + 1, updatedAt };
}

/**
 * Replaces a section inside a transaction the caller holds (which moves the content version and audits):
 * the demo's removal resets several sections at once.
 */
export async function replaceSection<S extends ContentSection>(
  trx: Db,
  section: S,
  data: StoredSections[S],
  at: Date,
): Promise<void> {
  const current = await readSection(trx, section);
  await writeSection(trx, section, current.version, data, at);
}

/** Who makes an edit (an account at the door: the first owner, made in the same step), and when. */
export interface EditBy {
  actor: Actor | AccountAtDoor;
  at: Date;
}

export interface Edit<S extends ContentSection> {
  before: SectionState<S>;
  after: SectionState<S>;
}

/**
 * Changes one section in a single transaction: reads it, lets `change` make the new content (or throw
 * to refuse), and saves it only over the version it read, moving the shared content version in the same
 * transaction so no cached page outlives the change.
 */
export function editSection<S extends ContentSection>(
  db: Db,
  by: EditBy,
  section: S,
  change: (current: SectionState<S>) => StoredSections[S] | Promise<StoredSections[S]>,
): Promise<Edit<S>> {
  return changeContent(db, by.at, (trx) => editSectionWithin(trx, by, section, change));
}

/**
 * The same change inside a transaction the caller holds, which must also move the content version (the first
 * run saves the college with its first owner, in the owner's transaction).
 */
export async function editSectionWithin<S extends ContentSection>(
  trx: Db,
  by: EditBy,
  section: S,
  change: (current: SectionState<S>) => StoredSections[S] | Promise<StoredSections[S]>,
): Promise<Edit<S>> {
  const before = await readSection(trx, section);
  const after = await writeSection(trx, section, before.version, await change(before), by.at);
  const changes = contentChanges(before.data, after.data);
  await audit(trx, by.actor, { kind: 'content-changed', subject: section, changes }, by.at);
  return { before, after };
}

/** A save made from the version the editor saw: refused when someone else saved since. */
export function saveSection<S extends ContentSection>(
  db: Db,
  by: EditBy,
  section: S,
  editedVersion: number,
  change: (current: SectionState<S>) => StoredSections[S] | Promise<StoredSections[S]>,
): Promise<Edit<S>> {
  return editSection(db, by, section, (current) => {
    if (current.version !== editedVersion) throw staleCopy();
    return change(current);
  });
}

/**
 * An edit that applies to whatever the section holds now (adding an uploaded picture): when another save
 * lands between its read and its write, it reads again and reapplies, a few times.
 */
export async function editLatest<S extends ContentSection>(
  db: Db,
  by: EditBy,
  section: S,
  change: (current: SectionState<S>) => StoredSections[S] | Promise<StoredSections[S]>,
): Promise<Edit<S>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await editSection(db, by, section, change);
    } catch (err) {
      if (!isStale(err) || attempt >= 3) throw err;
    }
  }
}
