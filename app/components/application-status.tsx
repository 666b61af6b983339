import {
  APPLICATION_FILE_LIMITS as L,
  DOCUMENT_KINDS,
  type ApplicationState,
  type PaymentState,
} from '#common/application.ts';
import { formatRupees } from '#common/i18n/amounts.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

export interface StatusView {
  reference: string;
  nameEn: string;
  state: ApplicationState;
  correction: string;
  programme: { en: string; ne: string };
  secondChoice: { en: string; ne: string } | null;
  payment: { state: PaymentState; amount: number; method: string };
  submittedAt: string;
  /** The photo once drawn, as a data: URI ('' until then). */
  photo: string;
  /** Documents still being prepared, and the kinds the office could not read. */
  documents: { preparing: number; unreadable: string[] };
  /** The access key as typed, sent again with a corrected document (in the post, never in an address). */
  accessKey: string;
}

/** How far along the usual path each state is (0 received … 4 admitted); -1 off the path. */
const STEP_OF: Record<ApplicationState, number> = {
  submitted: 0,
  'needs-correction': 0,
  'documents-verified': 1,
  'fee-verified': 2,
  offered: 3,
  waitlisted: 3,
  rejected: 3,
  admitted: 4,
  withdrawn: -1,
};

/**
 * An application's state as steps in plain words, the correction the office asked for with a form to send the
 * corrected document, the payment and the programme.
 */
export function ApplicationStatusView({ status, replaced }: { status: StatusView; replaced: boolean }) {
  const { ui, lang } = useSiteContent();
  const t = ui.apply.status;
  const step = STEP_OF[status.state];
  const amount = formatRupees(lang, status.payment.amount);
  const payment = status.payment.state === 'not-due' ? t.payments['not-due'] : t.payments[status.payment.state](amount);
  const named = (n: { en: string; ne: string }) => (lang === 'ne' ? n.ne : n.en);
  const unreadable = DOCUMENT_KINDS.filter((kind) => status.documents.unreadable.includes(kind)).map(
    (kind) => ui.apply.fields[kind],
  );
  return (
    <section className="apply-status" aria-labelledby="apply-status-title">
      <h2 id="apply-status-title" tabIndex={-1} autoFocus={!replaced}>
        {status.reference}
      </h2>
      {replaced ? (
        <p role="status" className="form-status__message form-status__message--ok" tabIndex={-1} autoFocus>
          {t.replaced}
        </p>
      ) : null}
      {status.photo ? (
        <img
          className="apply-confirmation__photo"
          src={status.photo}
          alt={ui.apply.confirmation.photoAlt}
          width={120}
        />
      ) : null}
      <p className="apply-status__state">
        <strong>{t.state}:</strong> {t.steps[status.state]}
      </p>
      {status.documents.preparing > 0 ? (
        <p className="apply-preparing" role="status">
          {t.preparing(status.documents.preparing)}
        </p>
      ) : null}
      {unreadable.length > 0 ? (
        <p className="apply-eligibility" role="alert">
          {t.unreadable(unreadable.join(', '))}
        </p>
      ) : null}
      {step >= 0 ? (
        <ol className="apply-steps">
          {t.stepList.map((label, i) => (
            <li
              key={label}
              className={i < step ? 'is-done' : i === step ? 'is-current' : ''}
              aria-current={i === step ? 'step' : undefined}
            >
              {label} {i < step ? t.done : i === step ? t.current : ''}
            </li>
          ))}
        </ol>
      ) : null}
      <dl className="apply-confirmation__facts">
        <div>
          <dt>{t.programme}</dt>
          <dd>
            {named(status.programme)}
            {status.secondChoice ? ` / ${named(status.secondChoice)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t.payment}</dt>
          <dd>{payment}</dd>
        </div>
        <div>
          <dt>{ui.apply.confirmation.submittedOn}</dt>
          <dd>{formatDateIn(lang, status.submittedAt)}</dd>
        </div>
      </dl>
      {status.state === 'needs-correction' ? (
        <div className="apply-correction">
          <h3>{t.correction}</h3>
          <p className="apply-correction__text">{status.correction}</p>
          <form method="post" encType="multipart/form-data" className="apply-form">
            <h4>{t.reupload}</h4>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="reference" value={status.reference} />
            <input type="hidden" name="access_key" value={status.accessKey} />
            <div className="form-field">
              <label className="form-field__label" htmlFor="field-kind">
                {t.document}
              </label>
              <select id="field-kind" name="kind" className="form-field__control" required>
                {DOCUMENT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {ui.apply.fields[kind]}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label className="form-field__label" htmlFor="field-files">
                {t.files}
              </label>
              <input
                id="field-files"
                name="files"
                type="file"
                multiple
                required
                accept="image/jpeg,image/png,image/webp,application/pdf"
                className="form-field__control"
                aria-describedby="field-files-hint"
              />
              <p id="field-files-hint" className="apply-hint">
                {ui.apply.hints.documents(L.fileBytes / 1_048_576, L.pages)}
              </p>
            </div>
            <button type="submit" className="btn btn--primary">
              {t.send}
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
