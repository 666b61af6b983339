import type { PublicAdmission } from '#common/admission/admission.ts';
import { formatRupees } from '#common/i18n/amounts.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { CtaLink } from '#app/components/cta-link.tsx';

/**
 * The admission status in the page's language with its button: 'APPLY NOW' only while admission is open,
 * else 'ENQUIRY NOW'. While a published season is open, APPLY NOW goes to the online application
 * (/admission/apply in the page's language); otherwise the button opens the enrolment form in a new tab. In a
 * season's last days it says how many are left; after the closing date, that late applications pay the late fee.
 */
function AdmissionButton({ admission }: { admission: PublicAdmission }) {
  const { site, ui, href } = useSiteContent();
  const open = admission.status === 'ADMISSION OPEN';
  if (open && admission.season) return <CtaLink href={href('/admission/apply')}>{ui.admissions.applyNow}</CtaLink>;
  return (
    <CtaLink href={site.college.enrolmentFormUrl} newTab>
      {open ? ui.admissions.applyNow : ui.admissions.enquiryNow}
    </CtaLink>
  );
}

export function AdmissionsCall({ admission, headingLevel = 2 }: { admission: PublicAdmission; headingLevel?: 2 | 3 }) {
  const { ui, lang } = useSiteContent();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="admission-call">
      <div>
        <Heading className="admission-call__status">{ui.admissions.status[admission.status]}</Heading>
        {admission.closingSoonDays ? (
          <p className="admission-call__soon">{ui.admissions.closingSoon(admission.closingSoonDays)}</p>
        ) : null}
        {admission.lateFee ? <p>{ui.admissions.lateFee(formatRupees(lang, admission.lateFee))}</p> : null}
      </div>
      <AdmissionButton admission={admission} />
    </div>
  );
}

/** The home page's admissions block: the status, the college's words, the button, and the season's page. */
export function AdmissionsBlock({ admission }: { admission: PublicAdmission }) {
  const { site, t, ui, langOf, href } = useSiteContent();
  const intro = t(site.college.admissionsIntro);
  return (
    <section id="admissions" className="section admissions" aria-labelledby="admissions-title">
      <div className="container admissions__inner">
        <h2 id="admissions-title">{ui.admissions.status[admission.status]}</h2>
        {admission.closingSoonDays ? (
          <p className="admissions__soon">{ui.admissions.closingSoon(admission.closingSoonDays)}</p>
        ) : null}
        {intro ? <p lang={langOf(site.college.admissionsIntro)}>{intro}</p> : null}
        <AdmissionButton admission={admission} />
        {admission.season ? (
          <p className="admissions__more">
            <a href={href('/admission')}>{ui.admissions.seasonDetails}</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
