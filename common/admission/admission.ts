import { z } from 'zod';
import { SEASON_OVERRIDES } from './admission-season.ts';

export const ADMISSION_STATUSES = ['ADMISSION ENQUIRY', 'ADMISSION OPEN'] as const;
export const AdmissionStatusSchema = z.enum(ADMISSION_STATUSES);
export type AdmissionStatus = z.infer<typeof AdmissionStatusSchema>;

export const DEFAULT_ADMISSION_STATUS: AdmissionStatus = 'ADMISSION ENQUIRY';

/**
 * The status chosen by hand on the admin's status page: with a season published it is that season's
 * override ('' follows its dates again); with none, ADMISSION ENQUIRY or ADMISSION OPEN is stored and shown.
 */
export const AdmissionChoiceSchema = z.object({ status: z.enum(SEASON_OVERRIDES) });
export type AdmissionChoice = z.infer<typeof AdmissionChoiceSchema>['status'];

/**
 * Where the admission status comes from: the published season's dates, an owner's override of that season,
 * or, while no season is published, the status stored by hand.
 */
export const AdmissionSourceSchema = z.object({
  by: z.enum(['dates', 'override', 'manual']),
  /** The published season that decides, with its dates (B.S. 'YYYY-MM-DD'); null when none is published. */
  season: z
    .object({
      id: z.string(),
      name: z.string(),
      opensOn: z.string(),
      closesOn: z.string(),
      /** '' when the season takes no late applications. */
      lateClosesOn: z.string(),
      phase: z.enum(['upcoming', 'open', 'late', 'closed']),
      /** The status its dates give today (what 'Follow the dates' would show). */
      dated: z.enum(['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED']),
    })
    .nullable(),
});
export type AdmissionSource = z.infer<typeof AdmissionSourceSchema>;

/**
 * What the public sees of admission now: the season's state by its dates when a season is published (or
 * the owner's override of it), else the status set by hand. Every page and the API show this one value.
 */
export const PublicAdmissionSchema = z.object({
  status: z.enum(['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED']),
  /** The season's name ('2084/85'), or null when no season is published. */
  season: z.string().nullable(),
  /** Days left, today counted, in the last days before applications close; null otherwise. */
  closingSoonDays: z.number().int().nullable(),
  /** Applications are taken after the closing date with this late fee (rupees); null otherwise. */
  lateFee: z.number().int().nullable(),
  source: AdmissionSourceSchema,
});
export type PublicAdmission = z.infer<typeof PublicAdmissionSchema>;

/** The admissions button reads 'APPLY NOW' only while admission is open (SPEC.md section 4). */
export function admissionButtonLabel(status: PublicAdmission['status']): string {
  return status === 'ADMISSION OPEN' ? 'APPLY NOW' : 'ENQUIRY NOW';
}
