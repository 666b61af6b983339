import type { LocalText } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import { readSection } from './section-store.ts';

/**
 * The college's name as the office last saved it on the College page (both languages), read in the caller's
 * transaction or connection: messages, titles and the two-factor issuer read it when they are made, so a
 * renamed college is named so in everything made after the rename.
 */
export async function readCollegeName(db: Db): Promise<LocalText> {
  return (await readSection(db, 'college')).data.name;
}

/** The college's short name as last saved (both languages), for what is named after it ('Life at …'). */
export async function readCollegeShortName(db: Db): Promise<LocalText> {
  return (await readSection(db, 'college')).data.shortName;
}
