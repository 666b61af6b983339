import type { ReactNode } from 'react';
import type { PaymentDetails } from '#common/admission/payment-details.ts';
import { PaymentDetailsBlock } from './payment-details.tsx';
import { TextField } from '#app/admission/components/application-fields.tsx';
import { FILE_REFUSAL_CODES } from '#app/lib/enhance/file-checks.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { type ResultOutcome, offerLastDay } from '#common/admission/results.ts';

/** What the status page knows of a published result (the merit service's outcomeOf). */
export interface OfferView {
  outcome: 'offered' | 'waitlisted' | 'not-selected';
  waitlistPosition: number | null;
  offer: {
    state: 'open' | 'voucher-sent' | 'confirmed' | 'lapsed' | 'declined';
    deadline: string;
    fromWaitlist: boolean;
    /** The voucher's number while it waits for the office ('' otherwise). */
    voucherNumber: string;
    /** Open again because the office refused the voucher sent. */
    voucherRefused: boolean;
  } | null;
}

/** Where the applicant stands now: an offer's own state wins over the list's first outcome. */
const outcomeNow = (view: OfferView): ResultOutcome =>
  !view.offer
    ? view.outcome
    : view.offer.state === 'open' || view.offer.state === 'voucher-sent'
      ? 'offered'
      : view.offer.state === 'confirmed'
        ? 'admitted'
        : 'withdrawn';

interface OfferBoxProps {
  view: OfferView;
  reference: string;
  /** The access key as typed, posted again with each of this box's forms (never in an address). */
  accessKey: string;
  /** The first press of 'Decline' asks again before anything changes. */
  askDecline: boolean;
  declined: boolean;
  /** The voucher just sent was taken. */
  voucherSent: boolean;
  /** The voucher form as refused: the number typed and why. */
  voucherRefused?: { number: string; message: string } | undefined;
  /** Where to pay the admission fee. */
  payment?: PaymentDetails | undefined;
}

/**
 * The applicant's entrance result on the status page: an offer with its last day and how to confirm it (and
 * that it came from the waiting list when an earlier offer was given up), the waiting-list place, or not
 * selected; an open offer can be declined, after a second question. Plain forms: works without JavaScript.
 */
export function OfferBox({
  view,
  reference,
  accessKey,
  askDecline,
  declined,
  voucherSent,
  voucherRefused,
  payment,
}: OfferBoxProps) {
  const { ui, lang } = useSiteContent();
  const t = ui.results;
  const digits = (n: number) => (lang === 'ne' ? toDevanagariDigits(n) : String(n));
  const outcome = outcomeNow(view);
  const headline =
    outcome === 'waitlisted' ? t.outcome.waitlisted(digits(view.waitlistPosition ?? 0)) : t.outcome[outcome];
  const next =
    outcome === 'offered' ? t.next.offered(formatDateIn(lang, offerLastDay(view.offer!.deadline))) : t.next[outcome];
  const hidden = (
    <>
      <input type="hidden" name="reference" value={reference} />
      <input type="hidden" name="access_key" value={accessKey} />
    </>
  );
  return (
    <section className={`results-answer results-answer--${outcome} apply-offer`} aria-labelledby="apply-offer-title">
      <h2 id="apply-offer-title">{t.offerBox.heading}</h2>
      {declined ? (
        <p role="status" className="form-status__message form-status__message--ok">
          {t.offerBox.declined}
        </p>
      ) : null}
      <p className="apply-offer__outcome">
        <strong>{headline}</strong>
      </p>
      {outcome === 'offered' && view.offer?.fromWaitlist ? <p>{t.offerBox.movedUp}</p> : null}
      <p>{next}</p>
      {voucherSent ? (
        <p role="status" className="form-status__message form-status__message--ok">
          {t.offerBox.voucherSent}
        </p>
      ) : view.offer?.state === 'voucher-sent' ? (
        <p className="apply-offer__voucher-waiting">{t.offerBox.voucherWaiting(view.offer.voucherNumber)}</p>
      ) : null}
      {view.offer?.state === 'open' ? (
        <>
          {payment ? <PaymentDetailsBlock payment={payment} reference={reference} /> : null}
          <VoucherForm hidden={hidden} refusedBefore={view.offer.voucherRefused} refused={voucherRefused} />
        </>
      ) : null}
      {outcome === 'offered' ? (
        askDecline ? (
          <div className="apply-offer__confirm" role="alertdialog" aria-labelledby="apply-offer-ask">
            <p id="apply-offer-ask">{t.offerBox.declineAsk}</p>
            <form method="post" className="apply-offer__buttons">
              {hidden}
              <button type="submit" name="intent" value="decline" className="btn">
                {t.offerBox.declineYes}
              </button>
              <button type="submit" name="intent" value="lookup" className="btn btn--primary">
                {t.offerBox.declineNo}
              </button>
            </form>
          </div>
        ) : (
          <form method="post">
            {hidden}
            <button type="submit" name="intent" value="decline-ask" className="btn">
              {t.offerBox.decline}
            </button>
          </form>
        )
      ) : null}
    </section>
  );
}

/**
 * The admission-fee voucher's photo (or PDF) and number for an open offer: a plain multipart post that works
 * without JavaScript; the server takes it only while the offer is open and before its deadline.
 */
function VoucherForm({
  hidden,
  refusedBefore,
  refused,
}: {
  hidden: ReactNode;
  refusedBefore: boolean;
  refused?: { number: string; message: string } | undefined;
}) {
  const { ui } = useSiteContent();
  const t = ui.results.offerBox;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="apply-form apply-offer__voucher"
      data-document-form
      // The server's words for a refused file: the voucher is checked in the browser as it is chosen.
      data-file-refusals={JSON.stringify(
        Object.fromEntries(FILE_REFUSAL_CODES.map((code) => [code, applicationRefusalText(code, ui.apply)])),
      )}
    >
      <h3>{t.voucherHeading}</h3>
      {refusedBefore ? <p className="form-status__message form-status__message--error">{t.voucherRefused}</p> : null}
      <p>{t.voucherIntro}</p>
      {refused ? (
        <p role="alert" className="form-status__message form-status__message--error" tabIndex={-1}>
          {refused.message}
        </p>
      ) : null}
      {hidden}
      <TextField name="voucher_number" label={t.voucherNumber} value={refused?.number} autoComplete="off" />
      <div className="form-field" data-document="voucher">
        <label className="form-field__label" htmlFor="field-voucher_file">
          {t.voucherFile}
        </label>
        <input
          id="field-voucher_file"
          name="voucher_file"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp,application/pdf"
          className="form-field__control"
          aria-describedby="field-voucher_file-hint"
        />
        <p id="field-voucher_file-hint" className="apply-hint">
          {t.voucherFileHint}
        </p>
      </div>
      <button type="submit" name="intent" value="voucher" className="btn btn--primary">
        {t.voucherSend}
      </button>
    </form>
  );
}
