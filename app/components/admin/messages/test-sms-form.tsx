import { Form } from 'react-router';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

/** 'Send a test SMS': sent at once through the saved provider, its answer shown whatever it is. */
export function TestSmsForm({
  smsReady,
  values,
  fieldErrors,
  busy,
}: {
  smsReady: boolean;
  values: FormValues | undefined;
  fieldErrors: FieldErrors | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="admin-panel messages-form" aria-labelledby="test-sms-title">
      <h2 id="test-sms-title">Test SMS</h2>
      <p className="field__hint">
        {smsReady
          ? 'Sends one SMS now through the provider saved under Alerts and SMS (it costs one SMS).'
          : 'SMS is not set up: choose a provider and save its token under Alerts and SMS first.'}
      </p>
      <input type="hidden" name="intent" value="testSms" />
      <input type="hidden" name="form" value="testSms" />
      <AdminField label="Send a test SMS to" error={fieldErrors?.to} hint="A 10-digit mobile number, like 98XXXXXXXX.">
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="to"
            inputMode="tel"
            required
            defaultValue={values?.to ?? ''}
          />
        )}
      </AdminField>
      <button className="button" type="submit" disabled={busy}>
        Send a test SMS
      </button>
    </Form>
  );
}
