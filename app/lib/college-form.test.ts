import { describe, expect, it } from 'vitest';
import { CollegeSchema } from '#common/site-content/college.ts';
import { collegeFormValues, collegeFromValues, editPhones, phoneEdits, phonesOf } from './college-form.ts';

/** A college as the schema reads it, with two phone numbers and two address lines. */
const college = CollegeSchema.parse({
  name: { en: 'Orbit College' },
  shortName: { en: 'Orbit' },
  motto: { en: 'Open up your future' },
  kind: { en: 'a +2 college in Bharatpur, Chitwan' },
  addressLines: [{ en: 'Bharatpur-05, Bikash Chowk' }, { en: 'Chitwan, Nepal', ne: 'चितवन, नेपाल' }],
  addressNote: { en: '' },
  phones: ['056-418307', '9855060414'],
  email: 'info@orbitcollege.example',
  established: { en: '2063 B.S.' },
  managementSince: { en: '' },
  headline: { en: 'Open up your future' },
  heroLead: { en: '' },
  virtualTourUrl: '/gallery',
  aboutHeading: { en: 'About' },
  about: { en: 'About the college.' },
  visionHeading: { en: 'Vision' },
  vision: { en: 'Our vision.' },
  missionHeading: { en: 'Mission' },
  mission: { en: 'Our mission.' },
  admissionsIntro: { en: '' },
  videoUrl: '',
  mapEmbedUrl: '',
  mapLinkUrl: '',
  enrolmentFormUrl: '/contact',
  social: { facebook: 'https://www.facebook.com/orbit', youtube: '', instagram: '', tiktok: '' },
  colours: { main: '#8b0000', accent: '#ffd54f' },
  referencePrefix: 'HMC',
});

describe('the college form', () => {
  it('gives back the stored college unchanged when nothing was typed', () => {
    const values = collegeFormValues(college, 3);
    expect(values.version).toBe('3');
    expect(CollegeSchema.parse(collegeFromValues(values))).toEqual(college);
  });

  it('reads the reference prefix as capitals without spaces, and leaves it out of a form without its control', () => {
    const values = { ...collegeFormValues(college, 0), referencePrefix: ' sa ' };
    expect(collegeFromValues(values).referencePrefix).toBe('SA');
    const { referencePrefix: _prefix, ...withoutIt } = values;
    expect(collegeFromValues(withoutIt)).not.toHaveProperty('referencePrefix');
  });

  it('drops empty address rows after the last line but keeps an empty one between lines', () => {
    const values = { ...collegeFormValues(college, 0), 'addressLines.1.en': '', 'addressLines.2.en': 'Ward 5' };
    expect(collegeFromValues(values).addressLines.map((l) => l.en)).toEqual([
      college.addressLines[0]?.en,
      '',
      'Ward 5',
    ]);
    expect(CollegeSchema.safeParse(collegeFromValues(values)).error?.issues[0]?.path).toEqual([
      'addressLines',
      1,
      'en',
    ]);
  });

  it('reads the phone rows in order up to the first gap', () => {
    expect(phonesOf({ 'phones.0': 'a', 'phones.1': 'b', 'phones.3': 'd' })).toEqual(['a', 'b']);
  });
});

describe('editPhones', () => {
  const rows = ['a', 'b', 'c'];
  it('adds an empty row, up to the limit of six', () => {
    expect(editPhones(rows, { kind: 'add' }, '')).toEqual(['a', 'b', 'c', '']);
    const six = ['1', '2', '3', '4', '5', '6'];
    expect(editPhones(six, { kind: 'add' }, '')).toEqual(six);
  });
  it('moves a row up or down and removes one', () => {
    expect(editPhones(rows, { kind: 'up', index: 1 }, '')).toEqual(['b', 'a', 'c']);
    expect(editPhones(rows, { kind: 'down', index: 1 }, '')).toEqual(['a', 'c', 'b']);
    expect(editPhones(rows, { kind: 'remove', index: 0 }, '')).toEqual(['b', 'c']);
  });
  it('changes nothing for a move past either end or a row that is not there', () => {
    expect(editPhones(rows, { kind: 'up', index: 0 }, '')).toEqual(rows);
    expect(editPhones(rows, { kind: 'down', index: 2 }, '')).toEqual(rows);
    expect(editPhones(rows, { kind: 'remove', index: 5 }, '')).toEqual(rows);
  });
  it('has one intent per button of every row', () => {
    expect(phoneEdits().get('phone-down-5')).toEqual({ kind: 'down', index: 5 });
    expect(phoneEdits().get('phone-add')).toEqual({ kind: 'add' });
    expect(phoneEdits().size).toBe(1 + 3 * 6);
  });
});
