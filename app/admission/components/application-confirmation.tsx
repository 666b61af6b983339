import { formatRupees } from '#common/i18n/amounts.ts';
import { formatBsStringIn, formatDateIn } from '#common/i18n/dates.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import type { PaymentDetails } from '#common/admission/payment-details.ts';
import { PaymentDetailsBlock } from './payment-details.tsx';
import { PrintedLogo } from '#app/components/printed-logo.tsx';

export interface ConfirmationView {
  reference: string;
  accessKey: string;
  nameEn: string;
  nameNe: string;
  /** The date of birth ('YYYY-MM-DD' B.S.). */
  birthDate: string;
  programme: { en: string; ne: string };
  secondChoice: { en: string; ne: string } | null;
  submittedAt: string;
  amount: number;
  late: boolean;
  warning: string;
  statusUrl: string;
  qrSvg: string;
  payment: PaymentDetails;
}

/**
 * What the applicant keeps, under the college's name: the reference and the access key, the student's name and
 * date of birth, the programme, the date in B.S., what happens next
 * and a QR code that opens the status (the reference and the key after '#', which no server receives). Prints
 * on one page. It is answered before the documents are drawn: it says they are being prepared.
 */
export function ApplicationConfirmation({ c }: { c: ConfirmationView }) {
  const { ui, lang, site, t: inLanguage } = useSiteContent();
  const t = ui.apply.confirmation;
  const named = (n: { en: string; ne: string }) => (lang === 'ne' ? n.ne : n.en);
  return (
    <section className="apply-confirmation" aria-labelledby="apply-confirmation-title">
      <h2 id="apply-confirmation-title" tabIndex={-1} autoFocus>
        {t.heading}
      </h2>
      <div className="apply-confirmation__card">
        <p className="apply-confirmation__college">
          {site.college.logo ? <PrintedLogo logo={site.college.logo} className="apply-confirmation__logo" /> : null}
          {inLanguage(site.college.name)}
        </p>
        <dl className="apply-confirmation__facts">
          <div>
            <dt>{t.reference}</dt>
            <dd className="apply-reference">{c.reference}</dd>
          </div>
          <div>
            <dt>{t.accessKey}</dt>
            <dd className="apply-reference apply-access-key">{c.accessKey}</dd>
          </div>
          <div>
            <dt>{t.student}</dt>
            <dd>
              {c.nameEn}
              <br />
              <span lang="ne">{c.nameNe}</span>
            </dd>
          </div>
          <div>
            <dt>{t.birthDate}</dt>
            <dd>{formatBsStringIn(lang, c.birthDate)}</dd>
          </div>
          <div>
            <dt>{t.programme}</dt>
            <dd>{named(c.programme)}</dd>
          </div>
          {c.secondChoice ? (
            <div>
              <dt>{t.secondChoice}</dt>
              <dd>{named(c.secondChoice)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t.submittedOn}</dt>
            <dd>{formatDateIn(lang, c.submittedAt)}</dd>
          </div>
          <div>
            <dt>{t.fee}</dt>
            <dd>
              {c.amount === 0 ? ui.apply.hints.noFee : formatRupees(lang, c.amount)}
              {c.late ? ` ${t.late}` : ''}
            </dd>
          </div>
        </dl>
      </div>
      {c.amount > 0 ? <PaymentDetailsBlock payment={c.payment} reference={c.reference} /> : null}
      {c.warning ? (
        <p className="apply-eligibility">
          {c.warning} {ui.apply.eligibility.warnOnly}
        </p>
      ) : null}
      <p>
        <strong>{t.keepIt}</strong> {t.accessKeyOnce}
      </p>
      <p className="apply-preparing" role="status">
        {t.preparing}
      </p>
      <h3>{t.next}</h3>
      <ol>
        {t.nextSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="apply-confirmation__status">
        <p>
          {t.statusAt} <a href={c.statusUrl}>{c.statusUrl}</a>
        </p>
        <img
          className="apply-confirmation__qr"
          src={`data:image/svg+xml,${encodeURIComponent(c.qrSvg)}`}
          alt={t.qrAlt}
          width={120}
          height={120}
        />
      </div>
      {/* Shown by the page's enhancement (printing needs a script); without it the browser's own Print remains. */}
      <p className="apply-print">
        <button type="button" className="btn btn--primary" data-print hidden>
          {t.print}
        </button>
      </p>
    </section>
  );
}
