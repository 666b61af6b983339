import { useId } from 'react';
import { EMPTY_PAYMENT, type PaymentDetails, type PaymentDetailsInput } from '#common/payment-details.ts';
import type { WriteResult } from '#app/lib/admin-result.ts';
import { SubmitButton } from '../submit-button.tsx';
import { type FormState, SeasonField, SeasonWriteForm } from './season-write-form.tsx';

/** The bank account fields, named `payment.<field>`: the season's form and a programme's own share them. */
export function PaymentFields({
  state,
  payment,
  programme = false,
}: {
  state: FormState;
  payment: PaymentDetailsInput | undefined;
  programme?: boolean;
}) {
  const p = payment ?? EMPTY_PAYMENT;
  const field = (name: keyof PaymentDetailsInput) => `payment.${name}`;
  return (
    <>
      <div className="season-row season-payment-row">
        <SeasonField state={state} name={field('bank')} label="Bank" value={p.bank} />
        <SeasonField state={state} name={field('branch')} label="Branch (optional)" value={p.branch} />
      </div>
      <div className="season-row season-payment-row">
        <SeasonField state={state} name={field('accountName')} label="Account name" value={p.accountName} />
        <SeasonField
          state={state}
          name={field('accountNumber')}
          label="Account number"
          value={p.accountNumber}
          hint="Digits, with spaces or hyphens between groups as the bank prints it."
        />
      </div>
      {programme ? null : (
        <>
          <SeasonField
            state={state}
            name={field('referenceEn')}
            label="What to write as the deposit's reference (optional)"
            value={p.referenceEn}
            hint="{reference} is replaced by the application's reference, e.g. 'Student's name and {reference}'."
          />
          <SeasonField
            state={state}
            name={field('referenceNe')}
            label="The same, in Nepali (optional)"
            value={p.referenceNe}
            lang="ne"
          />
        </>
      )}
    </>
  );
}

/**
 * Where parents pay this season's fees: the bank account, what to write as the deposit's reference and the
 * college's payment QR image. Until the account is filled in, the page warns that parents are told to pay
 * with no account to pay into.
 */
export function PaymentForm({ payment, pageResult }: { payment: PaymentDetails; pageResult: WriteResult | undefined }) {
  const fileId = useId();
  return (
    <SeasonWriteForm
      formKey="payment"
      intent="update-payment"
      pageResult={pageResult}
      label="Payment details"
      encType="multipart/form-data"
    >
      {(state) => (
        <>
          {payment.accountNumber ? null : (
            <div role="status">
              <p className="season-warnings season-warnings--payment">
                Parents are told to pay the fees at the bank, but no account is given to pay into: fill in the bank, the
                account name and the account number. Until then the pages tell them to ask the college office for the
                bank details.
              </p>
            </div>
          )}
          <PaymentFields state={state} payment={payment} />
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              Payment QR image (optional)
            </label>
            <input
              id={fileId}
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="field__input"
              aria-describedby={`${fileId}-hint${state.errors.file ? ` ${fileId}-error` : ''}`}
              aria-invalid={state.errors.file ? true : undefined}
            />
            <p id={`${fileId}-hint`} className="field__hint">
              The college&apos;s Fonepay, eSewa or Khalti merchant QR, as an image. Its metadata is removed.
            </p>
            {state.errors.file ? (
              <p id={`${fileId}-error`} className="field__error">
                {state.errors.file}
              </p>
            ) : null}
          </div>
          {payment.qr ? (
            <div className="season-payment-qr">
              <img src={payment.qr.src} alt="The payment QR image parents see" width={160} height={160} />
              <label className="season-check">
                <input type="checkbox" name="removeQr" /> Remove this QR image
              </label>
            </div>
          ) : null}
          <SubmitButton busy={state.busy} label="Save payment details" />
        </>
      )}
    </SeasonWriteForm>
  );
}
