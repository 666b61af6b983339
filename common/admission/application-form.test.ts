import { describe, expect, it } from 'vitest';
import { buildApplicationValues } from './application-form.test-values.ts';
import { gpaHundredths, readApplicationForm } from './application-form.ts';
import { eligibilityOf, eligibilitySentence } from './eligibility.ts';
import { en } from '../i18n/en.ts';
import { ne } from '../i18n/ne.ts';

const SCIENCE = 'p-science';
const MANAGEMENT = 'p-management';
const choices = { programmes: [SCIENCE, MANAGEMENT], categories: ['c-merit'] };
const read = (overrides: Record<string, string>) =>
  readApplicationForm(buildApplicationValues(SCIENCE, overrides), choices);
const refusals = (overrides: Record<string, string>) => read(overrides).fieldErrors ?? {};

describe('the application form', () => {
  it('accepts a complete form and stores what NEB asks for', () => {
    const { form } = read({ name_en: ' sita  kumari sharma ', symbol_number: '02012345 k', gpa: '2.85' });
    expect(form).toMatchObject({
      nameEn: 'SITA KUMARI SHARMA',
      birthDate: '2068-05-12',
      symbolNumber: '02012345K',
      gpaHundredths: 285,
      grades: { English: 'A', Science: 'A+', 'Social Studies': 'B' },
      province: 3,
      district: 'Chitwan',
      ward: 10,
      secondChoice: null,
      category: null,
    });
  });

  it('reads every number typed in Devanagari digits as the same number', () => {
    const { form } = read({
      birth_year: '२०६८',
      birth_month: '५',
      birth_day: '१२',
      guardian_mobile: '९८४१-०००००१',
      ward: '१०',
      see_year: '२०८१',
      symbol_number: '०२०१२३४५',
      gpa: '३.२५',
      citizenship: '३५-०१-७५-०१२३४',
      school: 'श्री जनता मा.वि. १',
    });
    expect(form).toMatchObject({
      birthDate: '2068-05-12',
      guardianMobile: '9841000001',
      ward: 10,
      seeYear: 2081,
      symbolNumber: '02012345',
      gpaHundredths: 325,
      citizenship: '35-01-75-01234',
      // A name keeps its own digits: only the fields that hold a number are read in Latin digits.
      school: 'श्री जनता मा.वि. १',
    });
    // A letter after the symbol number is a Latin capital; a Devanagari letter is still refused.
    expect(refusals({ symbol_number: '०२०१२३४५ क' }).symbol_number).toBeDefined();
  });

  it('takes names up to 100 characters and refuses 101', () => {
    expect(refusals({ name_en: 'A'.repeat(100) }).name_en).toBeUndefined();
    expect(refusals({ name_en: 'A'.repeat(101) }).name_en).toBe(
      'Name in English (block letters) can be at most 100 characters.',
    );
  });

  it('refuses a control character in a one-line field, and makes a line break one space', () => {
    expect(refusals({ father_name: 'Ram\u001b[2J' }).father_name).toBe(
      en.apply.errors.notAllowedCharacter(en.apply.fields.father_name),
    );
    expect(refusals({ school: 'Shree School\u0085Paid: yes' }).school).toBe(
      en.apply.errors.notAllowedCharacter(en.apply.fields.school),
    );
    expect(refusals({ guardian_name: 'Hari\u0000' }).guardian_name).toBeDefined();
    expect(
      read({ municipality: 'Bharatpur\r\nMetropolitan', guardian_relation: 'Uncle\tby marriage' }).form,
    ).toMatchObject({ municipality: 'Bharatpur Metropolitan', guardianRelation: 'Uncle by marriage' });
  });

  it('refuses a name in another script in each name field', () => {
    expect(refusals({ name_en: 'सीता' }).name_en).toMatch(/English letters/u);
    expect(refusals({ name_ne: 'Sita' }).name_ne).toMatch(/Devanagari/u);
  });

  it('refuses a B.S. date the calendar lacks (32 Baisakh) and accepts the last day of a month', () => {
    expect(refusals({ birth_month: '1', birth_day: '32' }).birth_date).toMatch(/date of birth/u);
    expect(refusals({ birth_month: '1', birth_day: '31' }).birth_date).toBeUndefined();
  });

  it('refuses a mobile number that is not a Nepali mobile (96…) and accepts +977 98…', () => {
    expect(refusals({ guardian_mobile: '9612345678' }).guardian_mobile).toMatch(/97 or 98/u);
    expect(read({ guardian_mobile: '+977 984-5012345' }).form?.guardianMobile).toBe('9845012345');
  });

  it('refuses a district that is not in the chosen province', () => {
    expect(refusals({ province: '4', district: 'Chitwan' }).district).toBe('Choose a district of the chosen province.');
  });

  it('takes wards 1 and 35 and refuses 0 and 36', () => {
    for (const ward of ['1', '35']) expect(refusals({ ward }).ward).toBeUndefined();
    for (const ward of ['0', '36', '3.5']) expect(refusals({ ward }).ward).toMatch(/1 to 35/u);
  });

  it('takes a GPA from 0 to 4 with two decimals and refuses 4.01 and three decimals', () => {
    expect(gpaHundredths('0')).toBe(0);
    expect(gpaHundredths('4.00')).toBe(400);
    expect(gpaHundredths('4.01')).toBeNull();
    expect(gpaHundredths('2.855')).toBeNull();
    expect(refusals({ gpa: '4.1' }).gpa).toMatch(/0 to 4/u);
  });

  it('refuses a missing consent, a second choice equal to the first, and a category of another season', () => {
    const errors = refusals({ consent: '', second_choice: SCIENCE, category: 'c-other' });
    expect(errors.consent).toBe("The guardian's consent is needed to send the application.");
    expect(errors.second_choice).toMatch(/another programme/u);
    expect(errors.category).toMatch(/category of this season/u);
  });

  it('answers every refused field at once, in Nepali on the Nepali form', () => {
    const result = readApplicationForm({}, choices, ne.apply);
    expect(result.fieldErrors?.guardian_mobile).toMatch(/मोबाइल/u);
    expect(Object.keys(result.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['name_en', 'birth_date', 'district', 'gpa', 'grade_science', 'first_choice', 'consent']),
    );
  });
});

describe('eligibility', () => {
  const science = {
    nameEn: 'Science',
    nameNe: 'विज्ञान',
    minGpa: 2,
    minGrades: [
      { subject: 'Science', grade: 'C+' as const },
      { subject: 'Mathematics', grade: 'C+' as const },
    ],
  };
  const management = { nameEn: 'Management', nameNe: 'व्यवस्थापन', minGpa: 1.6, minGrades: [] };

  it('is met at the minimum and not just below it', () => {
    expect(eligibilityOf(science, 200, { Science: 'C+', Mathematics: 'C+' })).toBe(true);
    expect(eligibilityOf(science, 199, { Science: 'A', Mathematics: 'A' })).toBe(false);
    expect(eligibilityOf(science, 300, { Science: 'C', Mathematics: 'A' })).toBe(false);
  });

  it('warns in a sentence naming what the programme asks and what the others ask', () => {
    expect(eligibilitySentence(science, [management], 250, { Science: 'C', Mathematics: 'B' }, 'en', en.apply)).toBe(
      'Science asks for GPA 2.0 and C+ in Science and Mathematics: your grades do not meet it. Management asks for 1.6.',
    );
    expect(eligibilitySentence(management, [], 250, {}, 'ne', ne.apply)).toBe(
      'व्यवस्थापन का लागि जीपीए 1.6 चाहिन्छ: तपाईंको ग्रेड पुग्छ।',
    );
  });
});
