import bikramSambat from 'bikram-sambat';

/**
 * Bikram Sambat dates, the day taken in Nepal time (UTC+5:45). Month lengths come from the
 * `bikram-sambat` package; the published calendars agree up to the end of 2083 B.S. and differ after it,
 * so a year the government's calendar fixes differently is corrected at run time (setBsMonthCorrections,
 * which the server fills from its database), and a corrected year right after the package's last one
 * extends the calendar.
 */

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

/** The package's own length of a month, or null for a year its table does not have. */
function packageMonthLength(year: number, month: number): number | null {
  try {
    return bikramSambat.daysInMonth(year, month);
  } catch {
    return null;
  }
}

/** The twelve month lengths of a year in the package's table, or null for a year it does not have. */
export function packageBsYear(year: number): number[] | null {
  const months = Array.from({ length: 12 }, (_, i) => packageMonthLength(year, i + 1));
  return months.every((length) => length !== null) ? (months as number[]) : null;
}

/** The last year of the package's table (2090 B.S. in bikram-sambat 1.8.1). */
export const BS_PACKAGE_LAST_YEAR = ((): number => {
  let year = EPOCH_YEAR;
  while (packageMonthLength(year + 1, 1) !== null) year++;
  return year;
})();

/** The first B.S. year the month table covers; a date before it is refused, never guessed. */
export const BS_FIRST_YEAR = EPOCH_YEAR;

/** The corrections in use and the last year they let the table reach. */
interface CorrectionTable {
  corrections: Readonly<Record<number, readonly number[]>>;
  lastYear: number;
}

/**
 * Kept on globalThis, so that every copy of this module in one process (the server's own and the one bundled
 * into the pages' server build) converts with the same table, whichever copy was given it.
 */
const TABLE_KEY = Symbol.for('orbit-college.bs-month-corrections');
const tables = globalThis as typeof globalThis & { [TABLE_KEY]?: CorrectionTable };
const table = (): CorrectionTable =>
  (tables[TABLE_KEY] ??= { corrections: Object.freeze({}), lastYear: BS_PACKAGE_LAST_YEAR });

/** BS year → the length of each of its twelve months, where it differs from the package's table or extends it. */
export const bsMonthCorrections = (): Readonly<Record<number, readonly number[]>> => table().corrections;

/**
 * The last B.S. year the month table covers: the package's last, or the last corrected year that follows it
 * without a gap. A date after it is refused, never guessed.
 */
export const bsLastYear = (): number => table().lastYear;

/**
 * Replaces the corrections: year → its twelve month lengths, Baisakh first. A year with no entry has the
 * package's lengths again. Years after the package's last extend the table only while none is missing
 * between; the lengths are taken as given (the server checks them before it keeps them).
 */
export function setBsMonthCorrections(corrections: Readonly<Record<number, readonly number[]>>): void {
  const copy: Record<number, readonly number[]> = {};
  for (const [year, months] of Object.entries(corrections)) copy[Number(year)] = Object.freeze([...months]);
  let lastYear = BS_PACKAGE_LAST_YEAR;
  while (copy[lastYear + 1]) lastYear++;
  tables[TABLE_KEY] = { corrections: Object.freeze(copy), lastYear };
}

const outsideTable = () => `is outside the calendar the site knows (${BS_FIRST_YEAR}–${bsLastYear()} B.S.)`;

/** The days of a month (1–12) of a year in the table. Throws a RangeError for a year outside it. */
export function bsMonthLength(year: number, month: number): number {
  const length =
    year >= BS_FIRST_YEAR && year <= bsLastYear()
      ? (bsMonthCorrections()[year]?.[month - 1] ?? packageMonthLength(year, month))
      : null;
  if (length === null || length === undefined) throw new RangeError(`Month ${month} of ${year} B.S. ${outsideTable()}`);
  return length;
}

/** Why a B.S. date cannot be used ('' when it can): outside the table, or a day its month does not have. */
export function bsDateProblem({ year, month, day }: BsDate): string {
  if (![year, month, day].every(Number.isInteger)) return 'is not a date';
  if (year < BS_FIRST_YEAR || year > bsLastYear()) return outsideTable();
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
    if (year > bsLastYear()) throw new RangeError(`${nepalDateString(instant)} A.D. ${outsideTable()}`);
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
