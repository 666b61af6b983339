import {
  APPLICATION_FILE_LIMITS as L,
  DOCUMENT_KINDS,
  type ApplicationState,
  type DocumentKind,
  type PaymentState,
  acceptedFileTypes,
} from '#common/admission/application.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import { FILE_REFUSAL_CODES } from '#app/lib/enhance/file-checks.ts';
import { formatRupees } from '#common/i18n/amounts.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import type { PaymentDetails } from '#common/admission/payment-details.ts';
import { PaymentDetailsBlock } from './payment-details.tsx';

export interface StatusView {
  reference: string;
  nameEn: string;
  state: ApplicationState;
  correction: string;
  /** The documents the office asked to be sent again (none named: any may be sent). */
  correctionDocuments: DocumentKind[];
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
  /** Where to pay: the first choice's own account, else the season's. */
  paymentDetails: PaymentDetails;
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

/** A corrected document the server refused: the field it concerns, the document chosen and why. */
export interface CorrectionRefusal {
  field: 'kind' | 'files';
  kind: string;
  message: string;
}

/**
 * An application's state as steps in plain words, the correction the office asked for with a form to send the
 * corrected document (the documents the office named, the first chosen, its file types accepted; a refused
 * file is named beside the field), the payment and the programme.
 */
export function ApplicationStatusView({
  status,
  replaced,
  refused,
}: {
  status: StatusView;
  replaced: boolean;
  refused?: CorrectionRefusal | undefined;
}) {
  const { ui, lang } = useSiteContent();
  const t = ui.apply.status;
  const step = STEP_OF[status.state];
  const amount = formatRupees(lang, status.payment.amount);
  const payment = status.payment.state === 'not-due' ? t.payments['not-due'] : t.payments[status.payment.state](amount);
  const named = (n: { en: string; ne: string }) => (lang === 'ne' ? n.ne : n.en);
  const offered: readonly DocumentKind[] =
    status.correctionDocuments.length > 0 ? status.correctionDocuments : DOCUMENT_KINDS;
  const chosen = offered.find((kind) => kind === refused?.kind) ?? offered[0]!;
  // Without a script the input takes what any document offered takes; the script narrows it to the one chosen.
  const accept = acceptedFileTypes(offered.find((kind) => kind !== 'photo') ?? 'photo');
  const kindError = refused?.field === 'kind' ? refused.message : undefined;
  const filesError = refused?.field === 'files' ? refused.message : undefined;
  const unreadable = DOCUMENT_KINDS.filter((kind) => status.documents.unreadable.includes(kind)).map(
    (kind) => ui.apply.fields[kind],
  );
  return (
    <section className="apply-status" aria-labelledby="apply-status-title">
      <h2 id="apply-status-title" tabIndex={-1} autoFocus={!replaced && !refused}>
        {status.reference}
      </h2>
      {replaced ? (
        <p role="status" className="form-status__message form-status__message--ok" tabIndex={-1} autoFocus>
          {t.replaced}
        </p>
      ) : null}
      {refused && status.state !== 'needs-correction' ? (
        <p role="alert" className="form-status__message form-status__message--error" tabIndex={-1} autoFocus>
          {refused.message}
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
      {status.payment.state === 'unpaid' || status.payment.state === 'refused' ? (
        <PaymentDetailsBlock payment={status.paymentDetails} reference={status.reference} />
      ) : null}
      {status.state === 'needs-correction' ? (
        <div className="apply-correction">
          <h3>{t.correction}</h3>
          <p className="apply-correction__text">{status.correction}</p>
          <form
            method="post"
            encType="multipart/form-data"
            className="apply-form"
            noValidate
            data-correction-form
            // The server's words for a refused file, for the enhancement that checks each file as it is chosen.
            data-file-refusals={JSON.stringify(
              Object.fromEntries(FILE_REFUSAL_CODES.map((code) => [code, applicationRefusalText(code, ui.apply)])),
            )}
          >
            <h4>{t.reupload}</h4>
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="reference" value={status.reference} />
            <input type="hidden" name="access_key" value={status.accessKey} />
            <div className="form-field">
              <label className="form-field__label" htmlFor="field-kind">
                {t.document}
              </label>
              <select
                id="field-kind"
                name="kind"
                className="form-field__control"
                required
                defaultValue={chosen}
                data-document-choice
                aria-invalid={kindError ? true : undefined}
                aria-describedby={kindError ? 'field-kind-error' : undefined}
              >
                {offered.map((kind) => (
                  <option key={kind} value={kind} data-accept={acceptedFileTypes(kind)}>
                    {ui.apply.fields[kind]}
                  </option>
                ))}
              </select>
              {kindError ? (
                <p id="field-kind-error" className="form-field__error" role="alert" tabIndex={-1} autoFocus>
                  {kindError}
                </p>
              ) : null}
            </div>
            <div className="form-field" data-document={chosen}>
              <label className="form-field__label" htmlFor="field-files">
                {t.files}
              </label>
              <input
                id="field-files"
                name="files"
                type="file"
                multiple
                required
                accept={accept}
                className="form-field__control"
                aria-invalid={filesError ? true : undefined}
                aria-describedby={`field-files-hint${filesError ? ' field-files-error' : ''}`}
              />
              <p id="field-files-hint" className="apply-hint">
                {offered.every((kind) => kind === 'photo')
                  ? ui.apply.hints.photo
                  : ui.apply.hints.documents(L.fileBytes / 1_048_576, L.pages)}
              </p>
              {filesError ? (
                <p id="field-files-error" className="form-field__error" role="alert" tabIndex={-1} autoFocus>
                  {filesError}
                </p>
              ) : null}
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
