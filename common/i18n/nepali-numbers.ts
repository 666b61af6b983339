import type { BsDate } from '../dates/bs-date.ts';

/** The Devanagari digits ०–९, in the order of their values. */
const DEVANAGARI_DIGITS = ['०', '१', '२', '३', '४', '५', '६', '७', '८', '९'] as const;

/** Writes every ASCII digit of a text as its Devanagari digit ("2083" → "२०८३"); other characters stay. */
export function toDevanagariDigits(text: string | number): string {
  return String(text).replace(/[0-9]/gu, (digit) => DEVANAGARI_DIGITS[Number(digit)] ?? digit);
}

/** The twelve months of the Bikram Sambat year as Nepali writes them, Baisakh (1) to Chaitra (12). */
export const NEPALI_MONTHS = [
  'बैशाख',
  'जेठ',
  'असार',
  'साउन',
  'भदौ',
  'असोज',
  'कात्तिक',
  'मंसिर',
  'पुस',
  'माघ',
  'फागुन',
  'चैत',
] as const;

/** A Bikram Sambat date (common/dates/bs-date.ts) as a Nepali page shows it: "६ मंसिर २०८३". */
export function formatNepaliDate({ year, month, day }: BsDate): string {
  const name = NEPALI_MONTHS[month - 1];
  if (name === undefined || !Number.isInteger(day) || day < 1 || day > 32) {
    throw new RangeError(`Not a Bikram Sambat date: ${year}-${month}-${day}`);
  }
  return `${toDevanagariDigits(day)} ${name} ${toDevanagariDigits(year)}`;
}
