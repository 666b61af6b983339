import { DEFAULT_REFERENCE_PREFIX } from '#common/admission/application.ts';
import { DEFAULT_BRAND_COLOURS } from '#common/site-content/brand-colours.ts';
import type { College, CollegeInput } from '#common/site-content/college.ts';

/** What the form is filled from: the college as read (its logo is not one of the form's controls). */
type CollegeInputView = Omit<College, 'logo' | 'colours' | 'referencePrefix'> & {
  colours?: College['colours'] | undefined;
  referencePrefix?: string | undefined;
};
import { CONTENT_LIMITS as L } from '#common/site-content/limits.ts';
import type { FormValues } from './admin/admin-result.ts';

/** The college's texts, each an English and a Nepali control named `<key>.en` and `<key>.ne`. */
export const COLLEGE_TEXTS = [
  'name',
  'shortName',
  'motto',
  'kind',
  'established',
  'managementSince',
  'addressNote',
  'headline',
  'heroLead',
  'aboutHeading',
  'about',
  'visionHeading',
  'vision',
  'missionHeading',
  'mission',
  'admissionsIntro',
] as const satisfies readonly (keyof College)[];
export type CollegeTextKey = (typeof COLLEGE_TEXTS)[number];

/** The college's addresses, one control each, named by its key. */
export const COLLEGE_ADDRESSES = [
  'virtualTourUrl',
  'videoUrl',
  'mapEmbedUrl',
  'mapLinkUrl',
  'enrolmentFormUrl',
] as const satisfies readonly (keyof College)[];
export type CollegeAddressKey = (typeof COLLEGE_ADDRESSES)[number];

export const SOCIAL_NETWORKS = ['facebook', 'youtube', 'instagram', 'tiktok'] as const;

/** The address has a fixed number of rows; rows left empty at the end are not lines. */
export const ADDRESS_ROWS = L.addressLinesMax;

const text = (values: FormValues, name: string) => values[name] ?? '';
const localText = (values: FormValues, key: string) => ({
  en: text(values, `${key}.en`),
  ne: text(values, `${key}.ne`),
});

/** The phone numbers of a posted form in their order: `phones.0`, `phones.1`, … up to the first gap. */
export function phonesOf(values: FormValues): string[] {
  const phones: string[] = [];
  while (`phones.${phones.length}` in values) phones.push(text(values, `phones.${phones.length}`));
  return phones;
}

/** The same values with this list of phone numbers instead of the posted one. */
export function withPhones(values: FormValues, phones: readonly string[]): FormValues {
  const rest = Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith('phones.')));
  return { ...rest, ...Object.fromEntries(phones.map((phone, i) => [`phones.${i}`, phone])) };
}

/** The form's controls filled from the stored college, with the version it was read at. */
export function collegeFormValues(college: CollegeInputView, version: number): FormValues {
  const values: FormValues = {
    version: String(version),
    email: college.email,
    'colours.main': (college.colours ?? DEFAULT_BRAND_COLOURS).main,
    'colours.accent': (college.colours ?? DEFAULT_BRAND_COLOURS).accent,
    referencePrefix: college.referencePrefix ?? DEFAULT_REFERENCE_PREFIX,
  };
  for (const key of COLLEGE_TEXTS) {
    values[`${key}.en`] = college[key].en;
    values[`${key}.ne`] = college[key].ne;
  }
  for (const key of COLLEGE_ADDRESSES) values[key] = college[key];
  for (const network of SOCIAL_NETWORKS) values[`social.${network}`] = college.social[network];
  college.addressLines.forEach((line, i) => {
    values[`addressLines.${i}.en`] = line.en;
    values[`addressLines.${i}.ne`] = line.ne;
  });
  return withPhones(values, college.phones);
}

/**
 * The college as the shared schema reads it, from the form's controls. Address rows left empty after
 * the last line are dropped; an empty row between lines stays, so the schema asks for it.
 */
export function collegeFromValues(values: FormValues): CollegeInput {
  const rows = Array.from({ length: ADDRESS_ROWS }, (_, i) => localText(values, `addressLines.${i}`));
  const lastLine = rows.findLastIndex((row) => row.en.trim() !== '' || row.ne.trim() !== '');
  const texts = Object.fromEntries(COLLEGE_TEXTS.map((key) => [key, localText(values, key)])) as Record<
    CollegeTextKey,
    { en: string; ne: string }
  >;
  const addresses = Object.fromEntries(COLLEGE_ADDRESSES.map((key) => [key, text(values, key)])) as Record<
    CollegeAddressKey,
    string
  >;
  return {
    ...texts,
    ...addresses,
    addressLines: rows.slice(0, lastLine + 1),
    phones: phonesOf(values),
    email: text(values, 'email'),
    social: {
      facebook: text(values, 'social.facebook'),
      youtube: text(values, 'social.youtube'),
      instagram: text(values, 'social.instagram'),
      tiktok: text(values, 'social.tiktok'),
    },
    colours: { main: text(values, 'colours.main'), accent: text(values, 'colours.accent') },
    // Typed in any case, with spaces around it: the rule is about the letters. A form without the control (the
    // first run) leaves the stored prefix as it is.
    ...('referencePrefix' in values ? { referencePrefix: text(values, 'referencePrefix').trim().toUpperCase() } : {}),
  };
}

/** A change to the list of phone numbers made by one of its buttons. */
export type PhoneEdit = { kind: 'add' } | { kind: 'remove' | 'up' | 'down'; index: number };

/**
 * The list after the edit (`blank` is the row an add appends); an edit that does not apply (moving the
 * first one up, a seventh number) changes nothing.
 */
export function editPhones<T>(rows: readonly T[], edit: PhoneEdit, blank: T): T[] {
  const next = [...rows];
  if (edit.kind === 'add') return next.length < L.phonesMax ? [...next, blank] : next;
  const { index } = edit;
  const row = next[index];
  if (row === undefined) return next;
  if (edit.kind === 'remove') return next.filter((_, i) => i !== index);
  const other = edit.kind === 'up' ? index - 1 : index + 1;
  const neighbour = next[other];
  if (neighbour === undefined) return next;
  next[index] = neighbour;
  next[other] = row;
  return next;
}

/** The `intent` of each phone button: `phone-add`, `phone-remove-2`, `phone-up-1`, `phone-down-0`. */
export function phoneIntent(edit: PhoneEdit): string {
  return edit.kind === 'add' ? 'phone-add' : `phone-${edit.kind}-${edit.index}`;
}

/** Every phone button's edit, by its intent, for the page action (buttons post when JavaScript is off). */
export function phoneEdits(): Map<string, PhoneEdit> {
  const edits: PhoneEdit[] = [{ kind: 'add' }];
  for (let index = 0; index < L.phonesMax; index++) {
    for (const kind of ['remove', 'up', 'down'] as const) edits.push({ kind, index });
  }
  return new Map(edits.map((edit) => [phoneIntent(edit), edit]));
}
