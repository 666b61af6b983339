import { describe, expect, it } from 'vitest';
import { GENDERS } from '../admission/application.ts';
import { PROVINCES } from '../nepal-places.ts';
import { genderWordIn, provinceNameIn } from './applicant-words.ts';

describe('genderWordIn', () => {
  it('gives every gender the form offers a word in English and in Nepali, never the code', () => {
    expect(GENDERS.map((g) => genderWordIn('en', g))).toEqual(['Female', 'Male', 'Other']);
    expect(GENDERS.map((g) => genderWordIn('ne', g))).toEqual(['महिला', 'पुरुष', 'अन्य']);
  });

  it('shows a value the form never offered as stored, not a word of some other thing', () => {
    expect(genderWordIn('ne', 'unknown')).toBe('unknown');
    expect(genderWordIn('en', 'toString')).toBe('toString');
  });
});

describe('provinceNameIn', () => {
  it('names each of the seven provinces by its current name in both languages, never by its number', () => {
    expect(PROVINCES.map((p) => provinceNameIn('en', p.number))).toEqual([
      'Koshi Province',
      'Madhesh Province',
      'Bagmati Province',
      'Gandaki Province',
      'Lumbini Province',
      'Karnali Province',
      'Sudurpashchim Province',
    ]);
    expect(PROVINCES.map((p) => provinceNameIn('ne', p.number))).toEqual([
      'कोशी प्रदेश',
      'मधेश प्रदेश',
      'बागमती प्रदेश',
      'गण्डकी प्रदेश',
      'लुम्बिनी प्रदेश',
      'कर्णाली प्रदेश',
      'सुदूरपश्चिम प्रदेश',
    ]);
  });

  it('shows a number that names no province as stored', () => {
    expect(provinceNameIn('ne', 8)).toBe('8');
  });
});
