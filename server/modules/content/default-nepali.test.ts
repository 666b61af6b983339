import { describe, expect, it } from 'vitest';
import type { LocalText } from '#common/site-content/local-text.ts';
import { CONTENT_SECTIONS } from '#common/site-content/site.ts';
import { defaultSections } from './content-defaults.ts';
import { englishOnly, withDefaultNepali } from './default-nepali.ts';
import { STORED_SCHEMAS } from './stored-sections.ts';

/** Every text of some content, with where it is. */
function texts(value: unknown, at = ''): [string, LocalText][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  if (keys.length === 2 && keys.includes('en') && keys.includes('ne')) return [[at, value as LocalText]];
  return Object.entries(value).flatMap(([key, item]) => texts(item, at ? `${at}.${key}` : key));
}

const DEVANAGARI = /^[\u0900-\u097F\u200C\u200D\s+/\-.,:;?()'"‘’]+$/u;

describe('the default content in Nepali', () => {
  it('has a Nepali version, in Devanagari, of every default text', () => {
    const all = texts(defaultSections());
    expect(all.length).toBeGreaterThan(50);
    for (const [at, text] of all) {
      // Only the people's names are left empty, in both languages, until the college gives them.
      if (text.en === '') {
        expect(text.ne, at).toBe('');
        continue;
      }
      expect(text.ne, at).toMatch(DEVANAGARI);
      // The same paragraphs in both: a paragraph break in one is one in the other.
      expect(text.ne.split('\n\n').length, at).toBe(text.en.split('\n\n').length);
    }
  });

  it("fits the stored sections' schemas, the Nepali within the English limits", () => {
    const defaults = defaultSections();
    for (const section of CONTENT_SECTIONS) {
      expect(STORED_SCHEMAS[section].parse(defaults[section]), section).toEqual(defaults[section]);
    }
  });
});

describe('withDefaultNepali', () => {
  it('gives the content every site started with (English only) the default Nepali', () => {
    expect(withDefaultNepali(englishOnly(defaultSections()))).toEqual(defaultSections());
  });

  it("keeps the office's own Nepali, and the empty Nepali of a text whose English the office changed", () => {
    const { college } = defaultSections();
    const saved = {
      ...college,
      motto: { en: college.motto.en, ne: 'भविष्य खोल्नुहोस्' },
      headline: { en: 'Your future starts here', ne: '' },
      aboutHeading: { en: college.aboutHeading.en, ne: '' },
    };
    const read = withDefaultNepali(saved);
    expect(read.motto).toEqual({ en: college.motto.en, ne: 'भविष्य खोल्नुहोस्' });
    expect(read.headline).toEqual({ en: 'Your future starts here', ne: '' });
    expect(read.aboutHeading).toEqual(college.aboutHeading);
    expect(read.phones).toEqual(college.phones);
    expect(read.social).toEqual(college.social);
    // The content given is left as it was.
    expect(saved.aboutHeading.ne).toBe('');
  });
});
