import { z } from 'zod';
import { bsStringToAd, parseBsDateString } from '../dates/bs-date-string.ts';
import { latinDigits } from '../digits.ts';
import { MERIT_RULES } from './merit.ts';
import { nepalLocalToIso } from '../dates/nepal-time.ts';

/**
 * Results day's shapes: the office's merit settings and publish time, and the applicant's look-up by roll
 * number and date of birth. Shared by the pages and the server, which enforces them.
 */

export const MeritSettingsSchema = z
  .object({
    rules: z
      .array(z.enum(MERIT_RULES, { error: 'Choose rules from the list.' }))
      .min(1, 'Keep at least one rule.')
      .refine((r) => new Set(r).size === r.length, { message: 'Each rule may appear once.' }),
    /** Marks, up to two decimals. */
    passMark: z.number({ error: 'Enter the pass mark.' }).min(0, 'The pass mark cannot be below 0.'),
    fullMarks: z.number({ error: 'Enter the full marks.' }).positive('Full marks must be above 0.').max(1000),
    showMarks: z.boolean(),
    listNames: z.boolean(),
    autoOffer: z.boolean(),
    confirmDays: z
      .number({ error: 'Enter the days to confirm an offer.' })
      .int('Enter whole days.')
      .min(1, 'Give at least one day to confirm.')
      .max(60, 'Give at most 60 days to confirm.'),
  })
  .refine((s) => s.passMark <= s.fullMarks, {
    message: 'The pass mark cannot be above full marks.',
    path: ['passMark'],
  });
export type MeritSettingsInput = z.input<typeof MeritSettingsSchema>;

/**
 * "Publish at" in Nepal time: a B.S. date and 'HH:mm', or both empty for now. A time before the season's
 * entrance date is refused unless `confirmBeforeEntrance`.
 */
export const PublishSchema = z
  .object({
    date: z.string().trim().default(''),
    time: z.string().trim().default(''),
    confirmBeforeEntrance: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    const confirmBeforeEntrance = v.confirmBeforeEntrance;
    if (!v.date && !v.time) return { at: null as string | null, confirmBeforeEntrance };
    const bs = parseBsDateString(latinDigits(v.date));
    let iso: string | null = null;
    if (bs && /^\d{2}:\d{2}$/u.test(latinDigits(v.time))) {
      try {
        iso = nepalLocalToIso(`${bsStringToAd(latinDigits(v.date))}T${latinDigits(v.time)}`);
      } catch {
        iso = null;
      }
    }
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: 'Publish at must be a B.S. date and a time, e.g. 2084-05-10 10:00.' });
      return z.NEVER;
    }
    return { at: iso, confirmBeforeEntrance };
  });

export const ResultsLookupSchema = z.object({
  rollNumber: z
    .string()
    .trim()
    .max(12)
    .transform((v) => latinDigits(v).replace(/\s/gu, ''))
    .refine((v) => /^\d{1,9}$/u.test(v), { message: 'Enter the roll number on your admit card.' })
    .transform(Number),
  birthDate: z
    .string()
    .trim()
    .max(12)
    .transform(latinDigits)
    .refine((v) => parseBsDateString(v) !== null, { message: 'Choose your date of birth.' }),
});

/** 'withdrawn': an offer that lapsed or was declined, or an application withdrawn after the results. */
export type ResultOutcome = 'offered' | 'waitlisted' | 'not-selected' | 'admitted' | 'withdrawn';

/** What the look-up answers a found applicant. */
export interface ResultView {
  rollNumber: number;
  programme: { en: string; ne: string };
  outcome: ResultOutcome;
  waitlistPosition: number | null;
  /** Marks in hundredths, only when the college shows them. */
  marksHundredths: number | null;
  fullMarksHundredths: number | null;
  /** The offer's deadline to confirm (ISO instant), when an offer is open. */
  deadline: string | null;
}

/** The last day an offer may be confirmed: its deadline is the first instant after that day ends in Nepal. */
export const offerLastDay = (deadline: string): string => new Date(Date.parse(deadline) - 1).toISOString();
