import { hasPaymentAccount, type PaymentDetails, paymentReferenceText } from '#common/admission/payment-details.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

/** A programme whose fees go to an account of its own, as the apply form lists it. */
export interface OwnAccount {
  name: string;
  payment: PaymentDetails;
}

function Account({ payment, reference }: { payment: PaymentDetails; reference: string }) {
  const { ui, lang } = useSiteContent();
  const t = ui.apply.payment;
  const referenceText = paymentReferenceText(payment, lang, reference);
  const rows: [string, string][] = [
    [t.bank, payment.bank],
    [t.branch, payment.branch],
    [t.accountName, payment.accountName],
    [t.accountNumber, payment.accountNumber],
    [t.reference, referenceText],
  ];
  return (
    <dl className="payment-details__facts">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={label === t.accountNumber ? 'payment-details__number' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * Where to pay: the bank, branch, account name and number, what to write as the deposit's reference (the
 * application's reference filled in where it is known) and the college's payment QR. With no account yet,
 * it says to ask the college office rather than pretend.
 */
export function PaymentDetailsBlock({
  payment,
  reference,
  ownAccounts = [],
  headingLevel = 3,
}: {
  payment: PaymentDetails;
  /** The application's reference, or '' before there is one. */
  reference: string;
  ownAccounts?: OwnAccount[];
  headingLevel?: 2 | 3 | 4;
}) {
  const { ui } = useSiteContent();
  const t = ui.apply.payment;
  const Heading = `h${headingLevel}` as const;
  const shownReference = reference || t.yourReference;
  return (
    <section className="payment-details" aria-label={t.heading}>
      <Heading className="payment-details__heading">{t.heading}</Heading>
      {hasPaymentAccount(payment) ? (
        <Account payment={payment} reference={shownReference} />
      ) : (
        <p className="payment-details__missing">{t.noDetails}</p>
      )}
      {payment.qr ? (
        <figure className="payment-details__qr">
          <img
            src={payment.qr.src}
            alt={t.qrAlt}
            width={160}
            height={Math.round((160 * payment.qr.height) / payment.qr.width)}
          />
          <figcaption>{t.qrHint}</figcaption>
        </figure>
      ) : null}
      {ownAccounts.map((own) => (
        <div key={own.name} className="payment-details__own">
          <p>{t.programmeOwn(own.name)}</p>
          <Account payment={own.payment} reference={shownReference} />
        </div>
      ))}
    </section>
  );
}
