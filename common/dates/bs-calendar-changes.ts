import { BS_MONTH_NAMES, bsLastYear, bsMonthLength, bsToAdDate } from './bs-date.ts';

const DAY_MS = 86_400_000;
const adFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY_MS;
const formatDay = (day: number) => adFormatter.format(new Date(day * DAY_MS));

/** The UTC day number of 1 Baisakh of a year in the table or of the year right after it; null otherwise. */
function yearStart(year: number): number | null {
  if (year <= bsLastYear()) return dayNumber(bsToAdDate({ year, month: 1, day: 1 }));
  if (year !== bsLastYear() + 1) return null;
  const previous = dayNumber(bsToAdDate({ year: year - 1, month: 1, day: 1 }));
  return previous + Array.from({ length: 12 }, (_, i) => bsMonthLength(year - 1, i + 1)).reduce((a, b) => a + b, 0);
}

/** A month's first day, in B.S., and the A.D. day it falls on with the lengths in use and with other lengths. */
export interface MonthStartChange {
  bs: string;
  /** '' when the year is not in the table yet (its lengths extend it). */
  from: string;
  to: string;
}

/**
 * Which first days of a month move when `year` gets the lengths `after` instead of `before` (null: the
 * year is not in the table yet): those of its months, and 1 Baisakh of the next year when its total differs.
 */
export function monthStartChanges(
  year: number,
  before: readonly number[] | null,
  after: readonly number[],
): MonthStartChange[] {
  const start = yearStart(year);
  if (start === null) return [];
  const changes: MonthStartChange[] = [];
  let from = start;
  let to = start;
  for (let month = 1; month <= 13; month++) {
    if (month > 1 && (before === null || from !== to)) {
      const bs = month === 13 ? `1 Baisakh ${year + 1}` : `1 ${BS_MONTH_NAMES[month - 1]} ${year}`;
      changes.push({ bs, from: before === null ? '' : formatDay(from), to: formatDay(to) });
    }
    if (month <= 12) {
      from += before?.[month - 1] ?? 0;
      to += after[month - 1] ?? 0;
    }
  }
  return changes;
}

/** '1 Shrawan 2084 will be 16 Jul 2027 instead of 17 Jul 2027.' */
export const describeMonthStartChange = (
  { bs, from, to }: MonthStartChange,
  tense: 'will be' | 'is' | 'is now' = 'will be',
): string => (from ? `${bs} ${tense} ${to} instead of ${from}.` : `${bs} ${tense} ${to}.`);
