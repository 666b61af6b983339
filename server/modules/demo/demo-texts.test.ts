import { describe, expect, it } from 'vitest';
import { defaultSections, type StoredSections } from '#server/modules/content/index.ts';
import { demoTextRemoval } from './demo-texts.ts';

/** The sections as they are after the removal's changes. */
const after = (now: StoredSections): StoredSections => ({
  ...now,
  ...demoTextRemoval(now, defaultSections()).sections,
});

describe('the demo texts still as shipped', () => {
  it('counts every default text, person and the placeholder prospectus of an unedited site', () => {
    const { texts, people, downloads } = demoTextRemoval(defaultSections(), defaultSections());
    expect({ texts, people, downloads }).toEqual({ texts: 28, people: 4, downloads: 1 });
  });

  it('finds nothing left after one removal, so a second one changes nothing', () => {
    const once = after(defaultSections());
    expect(demoTextRemoval(once, defaultSections())).toEqual({ sections: {}, texts: 0, people: 0, downloads: 0 });
  });

  it('keeps a text whose Nepali the office changed, and the college’s name, motto and colours', () => {
    const now = defaultSections();
    now.college.about = { en: now.college.about.en, ne: 'हाम्रो कलेज बुटवलमा छ।' };
    const result = after(now);
    expect(result.college.about).toEqual(now.college.about);
    expect(result.college.name).toEqual(now.college.name);
    expect(result.college.motto).toEqual(now.college.motto);
    expect(result.college.colours).toEqual(now.college.colours);
    expect(result.college.mission).toEqual({ en: '', ne: '' });
  });

  it('takes out only the demo’s phone numbers and address lines, keeping the ones the office typed', () => {
    const now = defaultSections();
    now.college.phones = ['071-540123', ...now.college.phones];
    now.college.addressLines = [{ en: 'Butwal-11, Traffic Chowk', ne: '' }, ...now.college.addressLines];
    const result = after(now);
    expect(result.college.phones).toEqual(['071-540123']);
    expect(result.college.addressLines).toEqual([{ en: 'Butwal-11, Traffic Chowk', ne: '' }]);
  });

  it('counts no download once the office has taken the prospectus off', () => {
    const now = defaultSections();
    now.downloads.prospectus = null;
    expect(demoTextRemoval(now, defaultSections()).downloads).toBe(0);
  });
});
