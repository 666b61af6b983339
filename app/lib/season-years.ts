import { BS_LAST_YEAR, toBsDate } from '#common/bs-date.ts';

/** The B.S. years a season's date pickers offer: last year to two years ahead. */
export function bsYearsAround(now: Date): readonly [number, number] {
  const year = toBsDate(now).year;
  return [year - 1, Math.min(year + 2, BS_LAST_YEAR)];
}
