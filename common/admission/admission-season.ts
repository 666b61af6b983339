import { z } from 'zod';
import { BsDateStringSchema, OptionalBsDateStringSchema } from '../dates/bs-date-string.ts';
import { NEB_GRADES, type NebGrade, gradeAtLeast } from './neb-grades.ts';
import { PaymentDetailsInputSchema, PaymentDetailsSchema } from './payment-details.ts';

/**
 * An admission season: its dates in B.S. (kept as 'YYYY-MM-DD' B.S. strings), the programmes it admits to
 * with their seats, approved fees, eligibility and scholarship seats, and the scholarship categories.
 */

// The grades live in a module without zod, so the application form's enhancement can compare them.
export { NEB_GRADES, gradeAtLeast };
export type { NebGrade };
export const NebGradeSchema = z.enum(NEB_GRADES, {
  error: `Choose a grade on the NEB scale (${NEB_GRADES.join(', ')}).`,
});

export const NEB_STREAMS = ['Science', 'Management', 'Humanities', 'Law', 'Education', 'Other'] as const;
export const NebStreamSchema = z.enum(NEB_STREAMS, { error: 'Choose the NEB stream.' });
export type NebStream = (typeof NEB_STREAMS)[number];

export const SEE_SUBJECTS = ['English', 'Nepali', 'Mathematics', 'Science', 'Social Studies'] as const;

export interface EligibilityRule {
  /** The lowest SEE GPA, 0–4. */
  minGpa: number;
  minGrades: { subject: string; grade: NebGrade }[];
}

/**
 * NEB's minimum for joining Grade 11: a SEE GPA of 1.6 in every stream; for Science 2.0 with C+ in
 * Science and Mathematics and D+ in English, Nepali and Social Studies. The office may raise them.
 */
export function nebMinimum(stream: NebStream): EligibilityRule {
  if (stream !== 'Science') return { minGpa: 1.6, minGrades: [] };
  return {
    minGpa: 2.0,
    minGrades: [
      { subject: 'Science', grade: 'C+' },
      { subject: 'Mathematics', grade: 'C+' },
      { subject: 'English', grade: 'D+' },
      { subject: 'Nepali', grade: 'D+' },
      { subject: 'Social Studies', grade: 'D+' },
    ],
  };
}

export const FEE_PERIODS = ['once', 'year', 'month', 'instalment'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];

const text = (max: number, field: string) => z.string().trim().max(max, `${field} can be at most ${max} characters.`);
const requiredText = (max: number, field: string) => text(max, field).min(1, `Enter ${field.toLowerCase()}.`);

/** Whole rupees, 0 to 1 crore. */
const RupeesSchema = (field: string) =>
  z
    .number({ error: `Enter ${field} in rupees.` })
    .int(`Enter ${field} in whole rupees.`)
    .min(0, `${field} cannot be below zero.`)
    .max(10_000_000, `${field} is more than Rs 1,00,00,000.`);

const SeatsSchema = z
  .number({ error: 'Enter the number of seats.' })
  .int('Seats are a whole number.')
  .min(0, 'Seats cannot be below zero.')
  .max(10_000, 'Seats can be at most 10,000.');

export const FeeLineSchema = z.object({
  nameEn: requiredText(80, 'The fee name'),
  nameNe: text(80, 'The Nepali fee name'),
  amount: RupeesSchema('the amount'),
  period: z.enum(FEE_PERIODS, { error: 'Choose how often the fee is paid.' }),
  /** NEB's registration or examination fee, listed apart from the college's. */
  neb: z.boolean(),
});
export type FeeLine = z.infer<typeof FeeLineSchema>;

export const ProgrammeInputSchema = z.object({
  nameEn: requiredText(80, 'The programme name'),
  nameNe: text(80, 'The Nepali programme name'),
  stream: NebStreamSchema,
  seats: SeatsSchema,
  fees: z.array(FeeLineSchema).max(20, 'At most 20 fees.'),
  /** Whether the admission fee is charged to the college's own continuing students too. */
  admissionFeeForContinuing: z.boolean(),
  feeApprovedBy: text(120, 'Who approved the fees'),
  feeApprovedOn: OptionalBsDateStringSchema,
  feeReference: text(80, 'The approval reference'),
  minGpa: z
    .number({ error: 'Enter the lowest GPA, 0 to 4.' })
    .min(0, 'The lowest GPA must be between 0 and 4.')
    .max(4, 'The lowest GPA must be between 0 and 4.'),
  minGrades: z
    .array(z.object({ subject: requiredText(40, 'The subject'), grade: NebGradeSchema }))
    .max(12, 'At most 12 subjects.'),
  /** Scholarship (free) seats by category id. */
  scholarshipSeats: z.record(z.string(), SeatsSchema),
  /** What applying online costs (0: nothing), paid at the bank or the counter. */
  applicationFee: RupeesSchema('the application fee').default(0),
  /** The programme's own bank account when it differs from the season's (empty: the season's). */
  payment: PaymentDetailsInputSchema.optional(),
});
export type ProgrammeInput = z.infer<typeof ProgrammeInputSchema>;

export const CategoryInputSchema = z.object({
  nameEn: requiredText(80, 'The category name'),
  nameNe: text(80, 'The Nepali category name'),
  proofEn: text(300, 'The proof asked for'),
  proofNe: text(300, 'The Nepali proof asked for'),
});
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

/**
 * A programme's or category's name as it is compared for sameness within its season: case, surrounding
 * spaces and runs of spaces do not make two names different ('Science ', 'science' and 'SCIENCE' are one).
 */
export const sameItemName = (a: string, b: string): boolean => {
  const key = (name: string) => name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');
  return key(a) !== '' && key(a) === key(b);
};

export const SEASON_OVERRIDES = ['', 'ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED'] as const;
export type SeasonOverride = (typeof SEASON_OVERRIDES)[number];

export const SeasonInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^\d{4}\/\d{2}$/u, "Name the season by its B.S. years, e.g. '2084/85'."),
    opensOn: BsDateStringSchema,
    closesOn: BsDateStringSchema,
    lateClosesOn: OptionalBsDateStringSchema,
    lateFee: RupeesSchema('the late fee'),
    entranceOn: OptionalBsDateStringSchema,
    resultsOn: OptionalBsDateStringSchema,
    admissionDeadline: OptionalBsDateStringSchema,
    /** The students the college expects to enrol in all, for the legal minimum of free seats (0: the seats). */
    expectedEnrolment: z
      .number({ error: 'Enter the expected enrolment.' })
      .int('The expected enrolment is a whole number.')
      .min(0, 'The expected enrolment cannot be below zero.')
      .max(100_000, 'The expected enrolment can be at most 1,00,000.'),
    documentsEn: text(2000, 'The documents to bring'),
    documentsNe: text(2000, 'The Nepali documents to bring'),
  })
  .superRefine((s, ctx) => {
    // B.S. strings of the same shape sort as the days they name.
    if (s.closesOn < s.opensOn) {
      ctx.addIssue({ code: 'custom', path: ['closesOn'], message: 'Applications cannot close before they open.' });
    }
    if (s.lateClosesOn && s.lateClosesOn <= s.closesOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['lateClosesOn'],
        message: 'The late closing must come after the closing date.',
      });
    }
    if (!s.lateClosesOn && s.lateFee > 0) {
      ctx.addIssue({ code: 'custom', path: ['lateFee'], message: 'A late fee needs a late closing date.' });
    }
    for (const field of ['entranceOn', 'resultsOn', 'admissionDeadline'] as const) {
      if (s[field] && s[field] < s.opensOn) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'This date cannot come before applications open.' });
      }
    }
  });
export type SeasonInput = z.infer<typeof SeasonInputSchema>;

/**
 * The least number of free seats a private school must keep (Compulsory and Free Education Act 2075,
 * §27(3)): 10 % of its students up to 500, 12 % from 501 to 800, 15 % over 800, rounded up.
 */
export function legalMinimumFreeSeats(enrolment: number): number {
  if (enrolment <= 0) return 0;
  const percent = enrolment <= 500 ? 10 : enrolment <= 800 ? 12 : 15;
  return Math.ceil((enrolment * percent) / 100);
}

/** The quota must be public at least this many days before applications close. */
export const QUOTA_NOTICE_DAYS = 15;
/** 'Closing soon' shows in the last this many days before applications close. */
export const CLOSING_SOON_DAYS = 3;

/** A season as the admin and the public pages read it. */
export interface Season extends Omit<SeasonInput, never> {
  id: string;
  statusOverride: SeasonOverride;
  /** ISO instant of the first publication; null for a draft. */
  publishedAt: string | null;
  /** The B.S. day the scholarship quota went public ('' while a draft). */
  quotaPublishedOn: string;
  updatedAt: string;
}

export interface Programme extends ProgrammeInput {
  id: string;
}

export interface ScholarshipCategory extends CategoryInput {
  id: string;
}

/** The scholarship quota against the law's minimum. */
export interface QuotaSummary {
  /** Seats in all programmes. */
  totalSeats: number;
  /** The enrolment the minimum is reckoned on: the expected enrolment, or the seats when none is given. */
  enrolment: number;
  legalMinimum: number;
  /** Free seats declared across programmes and categories. */
  declared: number;
  /** Declared seats by category id. */
  byCategory: Record<string, number>;
  /** Days from the quota's publication (today for a draft) to the closing date. */
  daysPublicBeforeClosing: number | null;
  /** Plain warnings for the office: below the minimum, published too late. */
  warnings: string[];
}

/** The API's answers, described for the OpenAPI document and checked on the way out. */
const SeasonFieldsSchema = z.object({
  name: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  lateClosesOn: z.string(),
  lateFee: z.number(),
  entranceOn: z.string(),
  resultsOn: z.string(),
  admissionDeadline: z.string(),
  expectedEnrolment: z.number(),
  documentsEn: z.string(),
  documentsNe: z.string(),
});
export const SeasonSchema = SeasonFieldsSchema.extend({
  id: z.string(),
  statusOverride: z.enum(SEASON_OVERRIDES),
  publishedAt: z.string().nullable(),
  quotaPublishedOn: z.string(),
  updatedAt: z.string(),
});
export const SeasonStateSchema = z.object({
  status: z.enum(['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED']),
  phase: z.enum(['upcoming', 'open', 'late', 'closed']),
  closingSoonDays: z.number().nullable(),
  overridden: z.boolean(),
});
export const ProgrammeSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameNe: z.string(),
  stream: z.string(),
  seats: z.number(),
  fees: z.array(
    z.object({ nameEn: z.string(), nameNe: z.string(), amount: z.number(), period: z.string(), neb: z.boolean() }),
  ),
  admissionFeeForContinuing: z.boolean(),
  feeApprovedBy: z.string(),
  feeApprovedOn: z.string(),
  feeReference: z.string(),
  minGpa: z.number(),
  minGrades: z.array(z.object({ subject: z.string(), grade: z.string() })),
  scholarshipSeats: z.record(z.string(), z.number()),
  applicationFee: z.number(),
  payment: PaymentDetailsSchema.omit({ qr: true }).optional(),
});
export const CategorySchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameNe: z.string(),
  proofEn: z.string(),
  proofNe: z.string(),
});
export const SeasonViewSchema = z.object({
  season: SeasonSchema,
  programmes: z.array(ProgrammeSchema),
  categories: z.array(CategorySchema),
  quota: z.object({
    totalSeats: z.number(),
    enrolment: z.number(),
    legalMinimum: z.number(),
    declared: z.number(),
    byCategory: z.record(z.string(), z.number()),
    daysPublicBeforeClosing: z.number().nullable(),
    warnings: z.array(z.string()),
  }),
  state: SeasonStateSchema,
  payment: PaymentDetailsSchema,
});
