import bikramSambat from 'bikram-sambat';

/**
 * Bikram Sambat dates, the day taken in Nepal time (UTC+5:45). Month lengths come from the
 * `bikram-sambat` package; the published calendars agree up to the end of 2083 B.S. and differ after it,
 * so a month the government's calendar fixes differently is corrected in BS_MONTH_LENGTH_CORRECTIONS, the
 * one place to change.
 */

/** BS year → the length of each of its twelve months, where it differs from the package's table. */
export const BS_MONTH_LENGTH_CORRECTIONS: Readonly<Record<number, readonly number[]>> = {};

export const BS_MONTH_NAMES = [
  'Baisakh',
  'Jestha',
  'Ashadh',
  'Shrawan',
  'Bhadra',
  'Ashwin',
  'Kartik',
  'Mangsir',
  'Poush',
  'Magh',
  'Falgun',
  'Chaitra',
] as const;

export interface BsDate {
  year: number;
  /** 1 (Baisakh) to 12 (Chaitra) */
  month: number;
  day: number;
}

/** Nepal is 5 hours 45 minutes ahead of UTC all year (no summer time). */
export const NEPAL_OFFSET_MINUTES = 345;
const NEPAL_OFFSET_MS = NEPAL_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

// 1 Baisakh 1970 B.S. was 13 April 1913 A.D.: the first day of the package's table.
const EPOCH_YEAR = 1970;
const EPOCH_UTC_DAY = Date.UTC(1913, 3, 13) / DAY_MS;

/** The first and last B.S. years the month table covers; a date outside them is refused, never guessed. */
export const BS_FIRST_YEAR = EPOCH_YEAR;
export const BS_LAST_YEAR = 2098;

export function bsMonthLength(year: number, month: number): number {
  return BS_MONTH_LENGTH_CORRECTIONS[year]?.[month - 1] ?? bikramSambat.daysInMonth(year, month);
}

/** Why a B.S. date cannot be used ('' when it can): outside the table, or a day its month does not have. */
export function bsDateProblem({ year, month, day }: BsDate): string {
  if (![year, month, day].every(Number.isInteger)) return 'is not a date';
  if (year < BS_FIRST_YEAR || year > BS_LAST_YEAR) {
    return `is outside the calendar the site knows (${BS_FIRST_YEAR}–${BS_LAST_YEAR} B.S.)`;
  }
  if (month < 1 || month > 12) return 'has no such month';
  const length = bsMonthLength(year, month);
  if (day < 1 || day > length) return `has no such day: ${BS_MONTH_NAMES[month - 1]} ${year} has ${length} days`;
  return '';
}

/** The A.D. day ('YYYY-MM-DD') of a B.S. date. Throws a RangeError naming the problem for a date it cannot convert. */
export function bsToAdDate(bs: BsDate): string {
  const problem = bsDateProblem(bs);
  if (problem) throw new RangeError(`${bs.day}-${bs.month}-${bs.year} B.S. ${problem}`);
  let days = bs.day - 1;
  for (let year = EPOCH_YEAR; year < bs.year; year++) {
    for (let month = 1; month <= 12; month++) days += bsMonthLength(year, month);
  }
  for (let month = 1; month < bs.month; month++) days += bsMonthLength(bs.year, month);
  return new Date((EPOCH_UTC_DAY + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The B.S. date of an A.D. day 'YYYY-MM-DD'. */
export function adDateToBs(ymd: string): BsDate {
  return toBsDate(new Date(`${ymd}T12:00:00+05:45`));
}

/** The calendar day in Nepal of an instant, as days since 1970-01-01 (a UTC day number). */
function nepalDayNumber(instant: Date): number {
  return Math.floor((instant.getTime() + NEPAL_OFFSET_MS) / DAY_MS);
}

/** The Nepal calendar day of an instant as 'YYYY-MM-DD' (A.D.). */
export function nepalDateString(instant: Date): string {
  return new Date(nepalDayNumber(instant) * DAY_MS).toISOString().slice(0, 10);
}

/** The BS date of the day it is in Nepal at `instant`. Throws for a day outside the month table. */
export function toBsDate(instant: Date): BsDate {
  let days = nepalDayNumber(instant) - EPOCH_UTC_DAY;
  if (!Number.isFinite(days) || days < 0) throw new RangeError('Date before 1970 B.S.');
  for (let year = EPOCH_YEAR; ; year++) {
    for (let month = 1; month <= 12; month++) {
      const length = bsMonthLength(year, month);
      if (days < length) return { year, month, day: days + 1 };
      days -= length;
    }
  }
}

const adFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kathmandu',
});

/** '6 Mangsir 2083 B.S.' */
export function formatBs({ year, month, day }: BsDate): string {
  return `${day} ${BS_MONTH_NAMES[month - 1]} ${year} B.S.`;
}

/** '6 Mangsir 2083 B.S. (22 Nov 2026)' for an ISO timestamp, both days in Nepal time; '' for no date. */
export function formatBsAd(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return `${formatBs(toBsDate(instant))} (${adFormatter.format(instant)})`;
}
