import { Form } from 'react-router';
import { type MessageSettingsView, SMS_PROVIDER_LABELS, SMS_PROVIDERS } from '#common/messages.ts';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

interface Props {
  settings: MessageSettingsView & { envOfficeEmails: string[]; smsTokenProblem: string };
  values: FormValues | undefined;
  fieldErrors: FieldErrors | undefined;
  busy: boolean;
}

/** The office's alert addresses and numbers, and the SMS provider the site sends through. */
export function MessageSettingsForm({ settings, values, fieldErrors, busy }: Props) {
  return (
    <Form method="post" className="admin-panel messages-form" aria-labelledby="message-settings-title">
      <h2 id="message-settings-title">Alerts and SMS</h2>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="form" value="settings" />
      <AdminField
        label="Office e-mail addresses"
        error={fieldErrors?.officeEmails}
        hint={
          settings.envOfficeEmails.length > 0
            ? `A new inquiry is e-mailed to these and to ${settings.envOfficeEmails.join(', ')} (set by OFFICE_EMAIL). Separate them with commas.`
            : 'A new inquiry is e-mailed to these. Separate them with commas.'
        }
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="officeEmails"
            defaultValue={values?.officeEmails ?? settings.officeEmails.join(', ')}
          />
        )}
      </AdminField>
      <AdminField
        label="Office mobile numbers for SMS alerts"
        error={fieldErrors?.officePhones}
        hint="10-digit numbers (98XXXXXXXX), separated by commas. Alerts go by SMS only when a provider is set below."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="officePhones"
            inputMode="tel"
            defaultValue={values?.officePhones ?? settings.officePhones.join(', ')}
          />
        )}
      </AdminField>
      <AdminField label="SMS provider" error={fieldErrors?.smsProvider}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="smsProvider"
            defaultValue={values?.smsProvider ?? settings.smsProvider}
          >
            <option value="">No SMS</option>
            {SMS_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {SMS_PROVIDER_LABELS[p]}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField
        label="SMS token"
        error={fieldErrors?.smsToken}
        hint={
          settings.smsTokenProblem
            ? settings.smsTokenProblem
            : settings.smsTokenHint
              ? 'Set — leave empty to keep it.'
              : 'The API token from the provider’s dashboard.'
        }
      >
        {(control) => (
          <input {...control} className="field__input" name="smsToken" type="password" autoComplete="off" />
        )}
      </AdminField>
      <AdminField
        label="SMS sender identity"
        error={fieldErrors?.smsSender}
        hint="Sparrow SMS: the identity (from) it gave the account. Aakash SMS uses the account’s own."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="smsSender"
            defaultValue={values?.smsSender ?? settings.smsSender}
          />
        )}
      </AdminField>
      <button className="button button--primary" type="submit" disabled={busy}>
        Save settings
      </button>
    </Form>
  );
}
