import type { AdmissionStatus } from '#common/admission.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { CtaLink } from './cta-link.tsx';

/**
 * Headed by the stored admission status in the page's language; the button reads 'APPLY NOW' only while
 * admission is open, else 'ENQUIRY NOW' (admissionButtonLabel's rule, in the page's language), and opens the
 * enrolment form in a new tab.
 */
export function AdmissionsBlock({ status }: { status: AdmissionStatus }) {
  const { site, t, ui, langOf } = useSiteContent();
  const intro = t(site.college.admissionsIntro);
  return (
    <section id="admissions" className="section admissions" aria-labelledby="admissions-title">
      <div className="container admissions__inner">
        <h2 id="admissions-title">{ui.admissions.status[status]}</h2>
        {intro ? <p lang={langOf(site.college.admissionsIntro)}>{intro}</p> : null}
        <CtaLink href={site.college.enrolmentFormUrl} newTab>
          {status === 'ADMISSION OPEN' ? ui.admissions.applyNow : ui.admissions.enquiryNow}
        </CtaLink>
      </div>
    </section>
  );
}
