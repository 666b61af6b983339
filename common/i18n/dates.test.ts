import { describe, expect, it } from 'vitest';
import { formatDateIn, formatDateTimeIn } from './dates.ts';

describe('formatDateIn', () => {
  it('writes the English date as the English pages always have', () => {
    expect(formatDateIn('en', '2026-11-22T06:00:00.000Z')).toBe('6 Mangsir 2083 B.S. (22 Nov 2026)');
  });

  it('writes a Nepali date in Devanagari digits with Nepali month names, the A.D. date after it', () => {
    expect(formatDateIn('ne', '2026-11-22T06:00:00.000Z')).toBe('६ मंसिर २०८३ (२२ नोभेम्बर २०२६)');
    expect(formatDateIn('ne', '2026-04-14T06:00:00.000Z')).toBe('१ बैशाख २०८३ (१४ अप्रिल २०२६)');
  });

  it('takes the day in Nepal time: 18:15 UTC is already the next day', () => {
    expect(formatDateIn('ne', '2026-11-22T18:15:00.000Z')).toBe('७ मंसिर २०८३ (२३ नोभेम्बर २०२६)');
  });

  it('writes nothing for no date', () => {
    expect(formatDateIn('ne', 'not a date')).toBe('');
  });
});

describe('formatDateTimeIn', () => {
  it('adds the time of day in Nepal, 24-hour, in the page’s digits; the day is Nepal’s too', () => {
    expect(formatDateTimeIn('en', '2026-11-22T06:00:00.000Z')).toBe('6 Mangsir 2083 B.S. (22 Nov 2026), 11:45');
    expect(formatDateTimeIn('ne', '2026-11-22T18:15:00.000Z')).toBe('७ मंसिर २०८३ (२३ नोभेम्बर २०२६), ००:००');
    expect(formatDateTimeIn('ne', 'not a date')).toBe('');
  });
});
