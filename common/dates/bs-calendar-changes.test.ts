import { afterEach, describe, expect, it } from 'vitest';
import { describeMonthStartChange, monthStartChanges } from './bs-calendar-changes.ts';
import { packageBsYear, setBsMonthCorrections } from './bs-date.ts';

describe('what a correction changes', () => {
  afterEach(() => setBsMonthCorrections({}));

  it('names the first days that move: 1 Shrawan 2084 a day earlier when Ashadh loses its 32nd day', () => {
    const changes = monthStartChanges(2084, packageBsYear(2084), [31, 31, 31, 32, 31, 30, 30, 30, 29, 30, 30, 30]);
    expect(changes.map((c) => describeMonthStartChange(c))).toEqual([
      '1 Shrawan 2084 will be 16 Jul 2027 instead of 17 Jul 2027.',
    ]);
  });

  it('names 1 Baisakh of the next year when the total changes, and nothing for the same lengths', () => {
    const leap = monthStartChanges(2084, packageBsYear(2084), [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 31]);
    expect(leap.map((c) => describeMonthStartChange(c, 'is'))).toEqual([
      '1 Baisakh 2085 is 14 Apr 2028 instead of 13 Apr 2028.',
    ]);
    expect(monthStartChanges(2084, packageBsYear(2084), packageBsYear(2084)!)).toEqual([]);
  });

  it('gives the first days of a year that extends the table, with nothing to compare', () => {
    const changes = monthStartChanges(2091, null, [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30]);
    expect(changes[0]).toEqual({ bs: '1 Jestha 2091', from: '', to: '15 May 2034' });
    expect(changes).toHaveLength(12);
    expect(monthStartChanges(2095, null, [31, 31, 32, 31, 31, 30, 30, 30, 29, 30, 30, 30])).toEqual([]);
  });
});
