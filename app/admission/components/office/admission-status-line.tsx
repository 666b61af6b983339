import type { PublicAdmission } from '#common/admission/admission.ts';
import { admissionSourceText, fullStop } from '#common/admission/admission-status-line.ts';

/**
 * The one admission status as the public sees it now, with where it comes from: 'ADMISSION OPEN, from the
 * published season 2084/85: closes 31 Ashadh 2084 B.S.'. Every admin page that names the status shows this.
 */
export function AdmissionStatusLine({
  admission,
  lead = 'The public sees',
}: {
  admission: Pick<PublicAdmission, 'status' | 'source'>;
  /** The words before the status. */
  lead?: string;
}) {
  return (
    <p className="admission-status-line" data-admission-status={admission.status}>
      {lead} <strong>{admission.status}</strong>, {fullStop(admissionSourceText(admission))}
    </p>
  );
}
