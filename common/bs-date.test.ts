import bikramSambat from 'bikram-sambat';
import { describe, expect, it } from 'vitest';
import { adDateToBs, bsDateProblem, bsToAdDate, formatBsAd, nepalDateString, toBsDate } from './bs-date.ts';

/** Midday in Nepal of an A.D. day, so the day is the same in UTC and in Nepal. */
const noonNepal = (ymd: string) => new Date(`${ymd}T12:00:00+05:45`);

describe('Bikram Sambat dates', () => {
  it.each([
    ['2026-11-22', { year: 2083, month: 8, day: 6 }],
    ['2026-04-14', { year: 2083, month: 1, day: 1 }],
    // The last day of 2082 B.S. and the day before: a year boundary.
    ['2026-04-13', { year: 2082, month: 12, day: 30 }],
    // A month boundary: Kartik 2083 has 30 days, Mangsir starts the next day.
    ['2026-11-16', { year: 2083, month: 7, day: 30 }],
    ['2026-11-17', { year: 2083, month: 8, day: 1 }],
  ])('%s A.D. is %o', (ymd, bs) => {
    expect(toBsDate(noonNepal(ymd))).toEqual(bs);
  });

  it('formats the BS day with the A.D. day', () => {
    expect(formatBsAd('2026-11-22T06:00:00.000Z')).toBe('6 Mangsir 2083 B.S. (22 Nov 2026)');
    expect(formatBsAd('not a date')).toBe('');
  });

  it('changes day at midnight in Nepal, 18:15 UTC', () => {
    expect(toBsDate(new Date('2026-11-22T18:14:59.999Z'))).toEqual({ year: 2083, month: 8, day: 6 });
    expect(toBsDate(new Date('2026-11-22T18:15:00.000Z'))).toEqual({ year: 2083, month: 8, day: 7 });
    expect(formatBsAd('2026-11-22T18:15:00.000Z')).toBe('7 Mangsir 2083 B.S. (23 Nov 2026)');
    expect(nepalDateString(new Date('2026-11-22T18:14:59Z'))).toBe('2026-11-22');
    expect(nepalDateString(new Date('2026-11-22T18:15:00Z'))).toBe('2026-11-23');
  });

  it('agrees with the package for every day from 2070 B.S. to the end of 2083 B.S.', () => {
    for (let t = Date.UTC(2013, 3, 14); t < Date.UTC(2027, 3, 14); t += 86_400_000) {
      const ymd = new Date(t).toISOString().slice(0, 10);
      expect(toBsDate(noonNepal(ymd))).toEqual(bikramSambat.toBik(ymd));
    }
  });
});

describe('B.S. to A.D.', () => {
  it.each([
    [{ year: 2083, month: 8, day: 6 }, '2026-11-22'],
    [{ year: 2083, month: 1, day: 1 }, '2026-04-14'],
    [{ year: 2082, month: 12, day: 30 }, '2026-04-13'],
    [{ year: 1970, month: 1, day: 1 }, '1913-04-13'],
  ])('%o is %s and back', (bs, ymd) => {
    expect(bsToAdDate(bs)).toBe(ymd);
    expect(adDateToBs(ymd)).toEqual(bs);
  });

  it('refuses a day the month does not have and a year outside the table, never converting it wrongly', () => {
    expect(bsDateProblem({ year: 2083, month: 8, day: 31 })).toBe('has no such day: Mangsir 2083 has 29 days');
    expect(() => bsToAdDate({ year: 2083, month: 8, day: 31 })).toThrow(RangeError);
    expect(bsDateProblem({ year: 2099, month: 1, day: 1 })).toMatch(/outside the calendar/u);
    expect(bsDateProblem({ year: 2083, month: 13, day: 1 })).toBe('has no such month');
    expect(bsDateProblem({ year: 2083, month: 1, day: 1 })).toBe('');
  });
});
