import { z } from 'zod';
import { latinDigits } from '../digits.ts';
import { type BsDate, BS_MONTH_NAMES, bsDateProblem, bsToAdDate } from './bs-date.ts';

/**
 * A B.S. date as the office enters it and the database keeps it: 'YYYY-MM-DD' in Bikram Sambat. It is kept
 * in B.S. (not converted once to A.D.) so that a corrected month length moves the A.D. day it falls on,
 * while '15 Ashadh 2084' stays the day the office meant.
 */
const BS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

export function parseBsDateString(text: string): BsDate | null {
  const m = BS_DATE.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

export function bsDateString({ year, month, day }: BsDate): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The A.D. day 'YYYY-MM-DD' of a stored B.S. date string. Throws a RangeError for one the calendar lacks. */
export function bsStringToAd(text: string): string {
  const bs = parseBsDateString(text);
  if (!bs) throw new RangeError(`Not a B.S. date: ${text}`);
  return bsToAdDate(bs);
}

/**
 * A required B.S. date, refused with a message that says what is wrong with it. Devanagari digits
 * (२०८४-०३-१५) are read as the same date.
 */
export const BsDateStringSchema = z
  .string()
  .overwrite((text) => latinDigits(text).trim())
  .superRefine((text, ctx) => {
    const bs = parseBsDateString(text);
    if (!bs) {
      ctx.addIssue({ code: 'custom', message: text ? 'Choose the day, the month and the year.' : 'Choose a date.' });
      return;
    }
    const problem = bsDateProblem(bs);
    if (problem) {
      const month = BS_MONTH_NAMES[bs.month - 1] ?? `month ${bs.month}`;
      ctx.addIssue({ code: 'custom', message: `${bs.day} ${month} ${bs.year} B.S. ${problem}.` });
    }
  });

/** The same, or '' for no date. */
export const OptionalBsDateStringSchema = z.union([z.literal(''), BsDateStringSchema]);
