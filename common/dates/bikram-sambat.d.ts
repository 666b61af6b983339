// The parts of the `bikram-sambat` package (no types of its own) that common/dates/bs-date.ts uses.
declare module 'bikram-sambat' {
  /** Days in a Bikram Sambat month (1-12) of a year the package knows; throws outside its table. */
  export function daysInMonth(year: number, month: number): number;
  /** A Gregorian 'YYYY-MM-DD' as a Bikram Sambat date. */
  export function toBik(greg: string): { year: number; month: number; day: number };
}
