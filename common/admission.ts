import { z } from 'zod';

export const ADMISSION_STATUSES = ['ADMISSION ENQUIRY', 'ADMISSION OPEN'] as const;
export const AdmissionStatusSchema = z.enum(ADMISSION_STATUSES);
export type AdmissionStatus = z.infer<typeof AdmissionStatusSchema>;

export const DEFAULT_ADMISSION_STATUS: AdmissionStatus = 'ADMISSION ENQUIRY';

export const AdmissionResponseSchema = z.object({ status: AdmissionStatusSchema });
export type AdmissionResponse = z.infer<typeof AdmissionResponseSchema>;

/** The admissions button reads 'APPLY NOW' only while admission is open (SPEC.md section 4). */
export function admissionButtonLabel(status: AdmissionStatus): string {
  return status === 'ADMISSION OPEN' ? 'APPLY NOW' : 'ENQUIRY NOW';
}
