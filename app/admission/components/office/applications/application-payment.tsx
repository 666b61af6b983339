import { type ApplicationDetail, PAYMENT_LABELS } from '#common/admission/application-office.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';

/** The fee's payment, with Verify and Refuse while there is one to decide. */
export function ApplicationPayment({ application }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  const p = application.payment;
  if (!p) return <p>No payment recorded.</p>;
  return (
    <div className="application-payment">
      <dl>
        <div>
          <dt>Fee</dt>
          <dd>{p.amount === 0 ? 'None' : `Rs ${p.amount.toLocaleString('en-IN')}`}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{p.method === 'counter' ? 'At the college counter' : 'At the bank'}</dd>
        </div>
        <div>
          <dt>Voucher number</dt>
          <dd>{p.voucherNumber || '—'}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{PAYMENT_LABELS[p.state]}</dd>
        </div>
      </dl>
      {p.state !== 'not-due' && p.state !== 'verified' ? (
        <fetcher.Form method="post" className="application-payment__form">
          <input type="hidden" name="intent" value="payment" />
          <label className="applications-filter__field applications-filter__field--wide">
            <span>Note (optional)</span>
            <input name="note" maxLength={500} />
          </label>
          <button type="submit" name="decision" value="verified" className="button button--primary" disabled={busy}>
            Verify the fee
          </button>
          <button type="submit" name="decision" value="refused" className="button" disabled={busy}>
            Refuse the payment
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
