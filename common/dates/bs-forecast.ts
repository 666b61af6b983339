import { parseBsDateString } from './bs-date-string.ts';
import type { SeasonCalendar } from '../admission/season-next-day.ts';

/**
 * A B.S. year is a forecast while it is after the current year and no owner has confirmed its month lengths
 * from the printed government calendar: the package's table for it is a projection, and the maintained
 * calendar packages do not agree on every year ahead. The current year and those before it are in use already.
 */
export function isForecastYear(year: number, currentYear: number, confirmed: ReadonlySet<number>): boolean {
  return year > currentYear && !confirmed.has(year);
}

const SEASON_DATES = ['opensOn', 'closesOn', 'lateClosesOn', 'entranceOn', 'resultsOn', 'admissionDeadline'] as const;

/** The forecast years a season's dates fall in (each once, in order); empty when every date is in a checked year. */
export function seasonForecastYears(
  season: SeasonCalendar,
  currentYear: number,
  confirmed: ReadonlySet<number>,
): number[] {
  const years = new Set<number>();
  for (const field of SEASON_DATES) {
    const date = parseBsDateString(season[field]);
    if (date && isForecastYear(date.year, currentYear, confirmed)) years.add(date.year);
  }
  return [...years].sort((a, b) => a - b);
}

/** 'the forecast year 2084 B.S.' or 'the forecast years 2084 and 2085 B.S.', for the warnings. */
export function forecastYearsPhrase(years: readonly number[]): string {
  if (years.length === 1) return `the forecast year ${years[0]} B.S.`;
  return `the forecast years ${years.slice(0, -1).join(', ')} and ${years.at(-1)} B.S.`;
}
