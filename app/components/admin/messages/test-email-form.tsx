import { Form } from 'react-router';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

/** 'Send a test e-mail': sent at once, the SMTP server's answer shown whatever it is. */
export function TestEmailForm({
  emailReady,
  ownEmail,
  values,
  fieldErrors,
  busy,
}: {
  emailReady: boolean;
  ownEmail: string;
  values: FormValues | undefined;
  fieldErrors: FieldErrors | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="admin-panel messages-form" aria-labelledby="test-email-title">
      <h2 id="test-email-title">Test e-mail</h2>
      <p className="field__hint">
        {emailReady
          ? 'Sends one e-mail now through the saved SMTP server and shows what the server answered.'
          : 'E-mail is not set up: save an SMTP server under E-mail server (SMTP). Messages wait in the outbox until then.'}
      </p>
      <input type="hidden" name="intent" value="testEmail" />
      <input type="hidden" name="form" value="testEmail" />
      <AdminField label="Send a test e-mail to" error={fieldErrors?.to}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="to"
            type="email"
            required
            defaultValue={values?.to ?? ownEmail}
          />
        )}
      </AdminField>
      <button className="button" type="submit" disabled={busy}>
        Send a test e-mail
      </button>
    </Form>
  );
}
