import { referencePrefixOf } from '#common/admission/application.ts';
import type { LocalText, SiteLanguage } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import type { IconPath } from './logo-files.ts';
import { type EditBy, editSection, readSection } from './section-store.ts';

/**
 * The college's name as the office last saved it on the College page (both languages), read in the caller's
 * transaction or connection: messages, titles and the two-factor issuer read it when they are made, so a
 * renamed college is named so in everything made after the rename.
 */
export async function readCollegeName(db: Db): Promise<LocalText> {
  return (await readSection(db, 'college')).data.name;
}

/** The app icon drawn from the logo: a PNG at a fixed address, so every mail program shows it and old mails keep it. */
const MAIL_LOGO_PATH = '/icons/icon-192.png' satisfies IconPath;

/**
 * Who writes a message (server/modules/outbox/templates.ts MessageFrom): the college's stored name and, when
 * it has uploaded a logo and the site's address is known, the address of its logo's icon on the site itself.
 */
export async function readMessageFrom(
  db: Db,
  lang: SiteLanguage,
  siteUrl = '',
): Promise<{ lang: SiteLanguage; college: LocalText; logoUrl: string | null }> {
  const { name, logo } = (await readSection(db, 'college')).data;
  const origin = /^https?:\/\//u.test(siteUrl) ? siteUrl.replace(/\/+$/u, '') : '';
  return { lang, college: name, logoUrl: logo && origin ? `${origin}${MAIL_LOGO_PATH}` : null };
}

/** What a new application's reference begins with, as the College page last saved it, read in the caller's transaction. */
export async function readReferencePrefix(db: Db): Promise<string> {
  return (await readSection(db, 'college')).data.referencePrefix;
}

/** The college's short name as last saved (both languages), for what is named after it ('Life at …'). */
export async function readCollegeShortName(db: Db): Promise<LocalText> {
  return (await readSection(db, 'college')).data.shortName;
}

/**
 * The short name a new site is given with its name: the name itself when it fits the short name's limit, else
 * as many of its first words as fit ('Shree Janata Higher Secondary School and College' → 'Shree Janata Higher').
 */
export function shortNameOf(name: string): string {
  if (name.length <= CONTENT_LIMITS.shortName) return name;
  let short = '';
  for (const word of name.split(/\s+/u)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > CONTENT_LIMITS.shortName) break;
    short = next;
  }
  return short || name.slice(0, CONTENT_LIMITS.shortName);
}

/**
 * Names a new site's college (`npm run setup -- --name`, read on the first start): the English name and short
 * name become the given ones (the reference prefix the name's initials), and the Nepali ones are emptied, so the Nepali pages show the English name until
 * the office types its own (a demo's Nepali name would name another college). Audited as a content change.
 */
export function nameNewCollege(db: Db, by: EditBy, name: string) {
  return editSection(db, by, 'college', (current) => ({
    ...current.data,
    name: { en: name, ne: '' },
    shortName: { en: shortNameOf(name), ne: '' },
    referencePrefix: referencePrefixOf(name),
  }));
}
