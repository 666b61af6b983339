import type { AdmissionStatus } from '#common/admission.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { CtaLink } from './cta-link.tsx';

/**
 * Headed by the stored admission status; the button (its label from admissionButtonLabel, worked out in the
 * loader so zod stays out of the home page's bundle) opens the enrolment form in a new tab.
 */
export function AdmissionsBlock({ status, buttonLabel }: { status: AdmissionStatus; buttonLabel: string }) {
  const { site, t } = useSiteContent();
  const intro = t(site.college.admissionsIntro);
  return (
    <section id="admissions" className="section admissions" aria-labelledby="admissions-title">
      <div className="container admissions__inner">
        <h2 id="admissions-title">{status}</h2>
        {intro ? <p>{intro}</p> : null}
        <CtaLink href={site.college.enrolmentFormUrl} newTab>
          {buttonLabel}
        </CtaLink>
      </div>
    </section>
  );
}
