import type { AdmissionStatus } from '#common/admission.ts';
import { admissions, links } from '#content/college.ts';
import { CtaLink } from './cta-link.tsx';

/**
 * Headed by the stored admission status; the button (its label from admissionButtonLabel, worked out in the
 * loader so zod stays out of the home page's bundle) opens the enrolment form in a new tab.
 */
export function AdmissionsBlock({ status, buttonLabel }: { status: AdmissionStatus; buttonLabel: string }) {
  return (
    <section id="admissions" className="section admissions" aria-labelledby="admissions-title">
      <div className="container admissions__inner">
        <h2 id="admissions-title">{status}</h2>
        <p>{admissions.intro}</p>
        <CtaLink href={links.enrolmentForm} newTab>
          {buttonLabel}
        </CtaLink>
      </div>
    </section>
  );
}
