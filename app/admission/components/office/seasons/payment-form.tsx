import { formatMegabytes } from '#common/bytes.ts';
import { imageTooLargeMessage } from '#common/image.ts';
import { EMPTY_PAYMENT, type PaymentDetails, type PaymentDetailsInput } from '#common/admission/payment-details.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { UploadFileField } from '#app/components/admin/use-upload-with-progress.tsx';
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
export function PaymentForm({
  payment,
  pageResult,
  maxImageBytes,
}: {
  payment: PaymentDetails;
  pageResult: WriteResult | undefined;
  /** The server's limit of the QR image (the image uploads'). */
  maxImageBytes: number;
}) {
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
          <UploadFileField
            label="Payment QR image (optional)"
            accept="image/jpeg,image/png,image/webp,image/avif"
            hint={`The college's Fonepay, eSewa or Khalti merchant QR, as an image of up to ${formatMegabytes(maxImageBytes)}. Its metadata is removed.`}
            error={state.errors.file}
            busy={state.busy}
            sizeLimit={() => ({ maxBytes: maxImageBytes, refusal: imageTooLargeMessage(maxImageBytes) })}
          />
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
