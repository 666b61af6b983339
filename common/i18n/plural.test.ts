import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { ne } from './ne.ts';
import { plural } from './plural.ts';

describe('plural', () => {
  it('takes the singular for one only', () => {
    expect([0, 1, 2, 21].map((n) => plural('en', n, 'seat', 'seats'))).toEqual(['seats', 'seat', 'seats', 'seats']);
  });

  it('words the free seats of a category by their number', () => {
    expect(en.admissionPage.scholarshipSeats('1', 1)).toBe('1 free seat');
    expect(en.admissionPage.scholarshipSeats('30', 30)).toBe('30 free seats');
    expect(en.admissionPage.scholarshipSeats('0', 0)).toBe('0 free seats');
    expect(ne.admissionPage.scholarshipSeats('१', 1)).toBe('१ निःशुल्क सिट');
  });
});
