import bikramSambat from 'bikram-sambat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adDateToBs,
  bsDateProblem,
  bsLastYear,
  bsMonthCorrections,
  bsMonthLength,
  bsToAdDate,
  formatBsAd,
  nepalDateString,
  packageBsYear,
  setBsMonthCorrections,
  toBsDate,
} from './bs-date.ts';

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
    expect(bsDateProblem({ year: 2091, month: 1, day: 1 })).toBe(
      'is outside the calendar the site knows (1970–2090 B.S.)',
    );
    expect(bsDateProblem({ year: 1969, month: 12, day: 1 })).toMatch(/outside the calendar/u);
    expect(bsDateProblem({ year: 2083, month: 13, day: 1 })).toBe('has no such month');
    expect(bsDateProblem({ year: 2083, month: 1, day: 1 })).toBe('');
  });
});

describe('the corrections table', () => {
  afterEach(() => setBsMonthCorrections({}));
  const corrected2084 = [31, 31, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30];

  it("starts empty: the package's table, to its last year 2090 B.S.", () => {
    expect(bsMonthCorrections()).toEqual({});
    expect(bsLastYear()).toBe(2090);
    expect(packageBsYear(2084)).toEqual([31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30]);
    expect(packageBsYear(2091)).toBeNull();
  });

  it("converts a corrected year's days with its lengths, and with the package's again once the correction is gone", () => {
    setBsMonthCorrections({ 2084: corrected2084 });
    expect(bsMonthCorrections()).toEqual({ 2084: corrected2084 });
    expect(bsMonthLength(2084, 3)).toBe(31);
    expect(bsToAdDate({ year: 2084, month: 4, day: 1 })).toBe('2027-07-16');
    expect(adDateToBs('2027-07-16')).toEqual({ year: 2084, month: 4, day: 1 });
    expect(bsDateProblem({ year: 2084, month: 3, day: 32 })).toBe('has no such day: Ashadh 2084 has 31 days');
    setBsMonthCorrections({});
    expect(bsToAdDate({ year: 2084, month: 4, day: 1 })).toBe('2027-07-17');
    expect(bsDateProblem({ year: 2084, month: 3, day: 32 })).toBe('');
  });

  it('shares one table between copies of the module, as the pages bundle their own', async () => {
    setBsMonthCorrections({ 2084: corrected2084 });
    vi.resetModules();
    const copy = await import('./bs-date.ts');
    expect(copy.bsToAdDate).not.toBe(bsToAdDate);
    expect(copy.bsToAdDate({ year: 2084, month: 4, day: 1 })).toBe('2027-07-16');
  });

  it("extends the table with corrected years that follow the package's last, never across a gap", () => {
    setBsMonthCorrections({ 2091: corrected2084, 2093: corrected2084 });
    expect(bsLastYear()).toBe(2091);
    expect(bsToAdDate({ year: 2091, month: 1, day: 1 })).toBe('2034-04-14');
    expect(toBsDate(new Date('2035-04-13T12:00:00+05:45'))).toEqual({ year: 2091, month: 12, day: 30 });
    expect(() => toBsDate(new Date('2035-04-14T12:00:00+05:45'))).toThrow(
      /outside the calendar the site knows \(1970–2091 B.S.\)/u,
    );
    expect(bsDateProblem({ year: 2093, month: 1, day: 1 })).toMatch(/outside the calendar/u);
    expect(() => bsMonthLength(2093, 1)).toThrow(RangeError);
  });
});
