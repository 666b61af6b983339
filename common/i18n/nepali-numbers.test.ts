import { describe, expect, it } from 'vitest';
import { toBsDate } from '../dates/bs-date.ts';
import { NEPALI_MONTHS, formatNepaliDate, toDevanagariDigits } from './nepali-numbers.ts';

describe('toDevanagariDigits', () => {
  it('writes each digit in Devanagari and leaves everything else alone', () => {
    expect(toDevanagariDigits(0)).toBe('०');
    expect(toDevanagariDigits(1234567890)).toBe('१२३४५६७८९०');
    expect(toDevanagariDigits('Page 3 of 12')).toBe('Page ३ of १२');
    expect(toDevanagariDigits('+977-56-123456')).toBe('+९७७-५६-१२३४५६');
  });
});

describe('formatNepaliDate', () => {
  it('writes known Bikram Sambat dates with Devanagari digits and Nepali month names', () => {
    // 22 November 2026 is 6 Mangsir 2083.
    expect(formatNepaliDate({ year: 2083, month: 8, day: 6 })).toBe('६ मंसिर २०८३');
    // 14 April 2026 is 1 Baisakh 2083 (the new year).
    expect(formatNepaliDate({ year: 2083, month: 1, day: 1 })).toBe('१ बैशाख २०८३');
    // 13 April 2026 is 31 Chaitra 2082.
    expect(formatNepaliDate({ year: 2082, month: 12, day: 31 })).toBe('३१ चैत २०८२');
    expect(formatNepaliDate({ year: 2081, month: 3, day: 32 })).toBe('३२ असार २०८१');
  });

  it('writes the Bikram Sambat day of an instant, taken in Nepal time', () => {
    expect(formatNepaliDate(toBsDate(new Date('2026-11-22T06:00:00Z')))).toBe('६ मंसिर २०८३');
    // 18:30 UTC on 21 November is already 00:15 on 22 November in Nepal.
    expect(formatNepaliDate(toBsDate(new Date('2026-11-21T18:30:00Z')))).toBe('६ मंसिर २०८३');
    expect(formatNepaliDate(toBsDate(new Date('2026-11-21T18:00:00Z')))).toBe('५ मंसिर २०८३');
    expect(formatNepaliDate(toBsDate(new Date('2026-04-14T06:00:00Z')))).toBe('१ बैशाख २०८३');
  });

  it('has twelve months, in the order of the year', () => {
    expect(NEPALI_MONTHS).toHaveLength(12);
    expect(NEPALI_MONTHS[0]).toBe('बैशाख');
    expect(NEPALI_MONTHS[7]).toBe('मंसिर');
    expect(NEPALI_MONTHS[11]).toBe('चैत');
  });

  it('refuses parts that are not a Bikram Sambat date', () => {
    expect(() => formatNepaliDate({ year: 2083, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => formatNepaliDate({ year: 2083, month: 0, day: 1 })).toThrow(RangeError);
    expect(() => formatNepaliDate({ year: 2083, month: 8, day: 0 })).toThrow(RangeError);
    expect(() => formatNepaliDate({ year: 2083, month: 8, day: 33 })).toThrow(RangeError);
  });
});
