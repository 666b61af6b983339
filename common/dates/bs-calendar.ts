import { z } from 'zod';
import { BS_MONTH_NAMES } from './bs-date.ts';

/** The B.S. years a correction may be for. */
export const BS_CORRECTION_YEARS = { min: 1970, max: 2200 } as const;
/** The shortest and the longest a B.S. month can be. */
export const BS_MONTH_DAYS = { min: 29, max: 32 } as const;
export const BS_SOURCE_MAX = 300;

const monthSchema = (name: string) =>
  z
    .number({ error: `${name}: enter its number of days.` })
    .int(`${name}: enter a whole number of days.`)
    .min(BS_MONTH_DAYS.min, `${name}: a month has ${BS_MONTH_DAYS.min} to ${BS_MONTH_DAYS.max} days.`)
    .max(BS_MONTH_DAYS.max, `${name}: a month has ${BS_MONTH_DAYS.min} to ${BS_MONTH_DAYS.max} days.`);

/** The twelve month lengths of a year, Baisakh first, which add up to a year of 365 or 366 days. */
export const BsYearMonthsSchema = z
  .array(z.number(), { error: 'Months: enter the days of each of the twelve months.' })
  .length(12, 'Months: enter the days of each of the twelve months.')
  .superRefine((months, ctx) => {
    months.forEach((days, i) => {
      const parsed = monthSchema(BS_MONTH_NAMES[i]!).safeParse(days);
      if (!parsed.success) ctx.addIssue({ code: 'custom', path: [i], message: parsed.error.issues[0]!.message });
    });
    const total = months.reduce((sum, days) => sum + days, 0);
    if (Number.isInteger(total) && total !== 365 && total !== 366) {
      ctx.addIssue({
        code: 'custom',
        message: `Months: the twelve months add up to ${total} days; a year has 365 or 366.`,
      });
    }
  });

export const BsCorrectionYearSchema = z
  .number({ error: 'Year: enter a B.S. year.' })
  .int('Year: enter a B.S. year.')
  .min(
    BS_CORRECTION_YEARS.min,
    `Year: choose a B.S. year from ${BS_CORRECTION_YEARS.min} to ${BS_CORRECTION_YEARS.max}.`,
  )
  .max(
    BS_CORRECTION_YEARS.max,
    `Year: choose a B.S. year from ${BS_CORRECTION_YEARS.min} to ${BS_CORRECTION_YEARS.max}.`,
  );

/** What an owner sends to correct a year: its twelve lengths and the calendar they come from. */
export const BsCorrectionInputSchema = z.object({
  months: BsYearMonthsSchema,
  source: z
    .string({ error: 'Source: name the calendar these lengths come from.' })
    .trim()
    .min(1, 'Source: name the calendar these lengths come from.')
    .max(BS_SOURCE_MAX, `Source: at most ${BS_SOURCE_MAX} characters.`),
  /**
   * The lengths were read from the printed government calendar: the year is confirmed from the source as well.
   * Without it, a correction that changes the lengths withdraws an earlier confirmation (it was of other lengths).
   */
  confirm: z.boolean().optional(),
});
export type BsCorrectionInput = z.infer<typeof BsCorrectionInputSchema>;

/** What an owner sends to confirm a year from the printed government calendar: which calendar it was checked with. */
export const BsConfirmInputSchema = z.object({
  source: z
    .string({ error: 'Confirmed from: name the printed calendar you checked the year with.' })
    .trim()
    .min(1, 'Confirmed from: name the printed calendar you checked the year with.')
    .max(BS_SOURCE_MAX, `Confirmed from: at most ${BS_SOURCE_MAX} characters.`),
});
export type BsConfirmInput = z.infer<typeof BsConfirmInputSchema>;

export const BsCorrectionSchema = z.object({
  source: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

/** One year as the calendar page shows it: the lengths in use, the package's own, and the correction if any. */
export const BsCalendarYearSchema = z.object({
  year: z.number(),
  /** The lengths in use; null for a year outside the table. */
  months: z.array(z.number()).nullable(),
  /** The package's lengths; null for a year after its table. */
  packageMonths: z.array(z.number()).nullable(),
  correction: BsCorrectionSchema.nullable(),
  /** Who confirmed the year from the printed government calendar, from what and when; null while not confirmed. */
  confirmation: z.object({ source: z.string(), confirmedAt: z.string(), confirmedBy: z.string() }).nullable(),
  /** After the current year and not confirmed: its lengths are the package's projection, not checked yet. */
  forecast: z.boolean(),
});
export type BsCalendarYear = z.infer<typeof BsCalendarYearSchema>;

export const BsCalendarSchema = z.object({
  years: z.array(BsCalendarYearSchema),
  /** The last year dates can be converted in. */
  lastYear: z.number(),
  /** The B.S. year it is now in Nepal. */
  currentYear: z.number(),
});
export type BsCalendar = z.infer<typeof BsCalendarSchema>;
