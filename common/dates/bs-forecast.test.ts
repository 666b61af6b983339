import { describe, expect, it } from 'vitest';
import { forecastYearsPhrase, isForecastYear, seasonForecastYears } from './bs-forecast.ts';

const season = {
  opensOn: '2083-12-01',
  closesOn: '2084-01-15',
  lateClosesOn: '',
  entranceOn: '2084-02-01',
  resultsOn: '2084-02-20',
  admissionDeadline: '2085-01-05',
};

describe('which B.S. years are forecasts', () => {
  it('counts every year after the current one as a forecast until it is confirmed', () => {
    expect(isForecastYear(2084, 2083, new Set())).toBe(true);
    expect(isForecastYear(2090, 2083, new Set())).toBe(true);
    expect(isForecastYear(2084, 2083, new Set([2084]))).toBe(false);
    expect(isForecastYear(2085, 2083, new Set([2084]))).toBe(true);
  });

  it('never counts the current year or one before it as a forecast', () => {
    expect(isForecastYear(2083, 2083, new Set())).toBe(false);
    expect(isForecastYear(2070, 2083, new Set())).toBe(false);
  });

  it("lists each forecast year a season's dates fall in once, skipping dates not set and confirmed years", () => {
    expect(seasonForecastYears(season, 2083, new Set())).toEqual([2084, 2085]);
    expect(seasonForecastYears(season, 2083, new Set([2084]))).toEqual([2085]);
    expect(seasonForecastYears(season, 2083, new Set([2084, 2085]))).toEqual([]);
    expect(seasonForecastYears(season, 2084, new Set())).toEqual([2085]);
  });

  it('names the years in words', () => {
    expect(forecastYearsPhrase([2084])).toBe('the forecast year 2084 B.S.');
    expect(forecastYearsPhrase([2084, 2085])).toBe('the forecast years 2084 and 2085 B.S.');
  });
});
