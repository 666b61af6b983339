import { z } from 'zod';

export const ADMISSION_STATUSES = ['ADMISSION ENQUIRY', 'ADMISSION OPEN'] as const;
export const AdmissionStatusSchema = z.enum(ADMISSION_STATUSES);
export type AdmissionStatus = z.infer<typeof AdmissionStatusSchema>;

export const DEFAULT_ADMISSION_STATUS: AdmissionStatus = 'ADMISSION ENQUIRY';

export const AdmissionResponseSchema = z.object({ status: AdmissionStatusSchema });
export type AdmissionResponse = z.infer<typeof AdmissionResponseSchema>;

/**
 * What the public sees of admission now: the season's state by its dates when a season is published,
 * else the manual switch.
 */
export const PublicAdmissionSchema = z.object({
  status: z.enum(['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED']),
  /** The season's name ('2084/85'), or null when the manual switch decides. */
  season: z.string().nullable(),
  /** Days left, today counted, in the last days before applications close; null otherwise. */
  closingSoonDays: z.number().int().nullable(),
  /** Applications are taken after the closing date with this late fee (rupees); null otherwise. */
  lateFee: z.number().int().nullable(),
});
export type PublicAdmission = z.infer<typeof PublicAdmissionSchema>;

/** The admissions button reads 'APPLY NOW' only while admission is open (SPEC.md section 4). */
export function admissionButtonLabel(status: AdmissionStatus): string {
  return status === 'ADMISSION OPEN' ? 'APPLY NOW' : 'ENQUIRY NOW';
}
