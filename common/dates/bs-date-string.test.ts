import { describe, expect, it } from 'vitest';
import { BsDateStringSchema, OptionalBsDateStringSchema, bsStringToAd } from './bs-date-string.ts';

describe('B.S. date strings', () => {
  it('converts a stored B.S. date to its A.D. day', () => {
    expect(bsStringToAd('2083-08-06')).toBe('2026-11-22');
  });

  it('refuses an incomplete date, a day its month lacks and a year outside the calendar, naming the problem', () => {
    const message = (text: string) => BsDateStringSchema.safeParse(text).error?.issues[0]?.message;
    expect(message('')).toBe('Choose a date.');
    expect(message('2084--15')).toBe('Choose the day, the month and the year.');
    expect(message('2083-08-31')).toBe('31 Mangsir 2083 B.S. has no such day: Mangsir 2083 has 29 days.');
    expect(message('2099-01-01')).toMatch(/^1 Baisakh 2099 B\.S\. is outside the calendar the site knows/u);
    expect(message('2084-03-15')).toBeUndefined();
    expect(OptionalBsDateStringSchema.safeParse('').success).toBe(true);
  });

  it('reads a date typed in Devanagari digits as the same date', () => {
    expect(BsDateStringSchema.parse('२०८४-०३-१५')).toBe('2084-03-15');
    expect(OptionalBsDateStringSchema.parse(' २०८४-०३-१५ ')).toBe('2084-03-15');
    expect(BsDateStringSchema.safeParse('२०८३-०८-३१').error?.issues[0]?.message).toBe(
      '31 Mangsir 2083 B.S. has no such day: Mangsir 2083 has 29 days.',
    );
  });
});
