import { useState } from 'react';
import { Form } from 'react-router';
import {
  SMTP_PRESET_NAMES,
  SMTP_PRESETS,
  SMTP_SECURITIES,
  SMTP_SECURITY_LABELS,
  type SmtpPreset,
  type SmtpSettingsView,
} from '#common/smtp-settings.ts';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

interface Props {
  smtp: SmtpSettingsView;
  defaultMailFrom: string;
  values: FormValues | undefined;
  fieldErrors: FieldErrors | undefined;
  busy: boolean;
}

/**
 * The SMTP server e-mail leaves through and the sender, unless the server's SMTP_URL (or MAIL_FROM) sets
 * them: then the page says so and where to change them. A provider's preset fills the server, port and
 * security as picked (without JavaScript, saving with a preset picked uses its settings).
 */
export function SmtpSettingsForm({ smtp, defaultMailFrom, values, fieldErrors, busy }: Props) {
  const [host, setHost] = useState(values?.host ?? smtp.host);
  const [port, setPort] = useState(values?.port ?? String(smtp.port));
  const [security, setSecurity] = useState(values?.security ?? smtp.security);
  const [preset, setPreset] = useState(values?.preset ?? '');

  if (smtp.serverFromEnv) {
    return (
      <section className="admin-panel messages-form" aria-labelledby="smtp-settings-title">
        <h2 id="smtp-settings-title">E-mail server (SMTP)</h2>
        <p className="field__hint">Set by the server’s SMTP_URL; change it there.</p>
        <dl className="smtp-env">
          <dt>Server</dt>
          <dd>
            {smtp.host}:{smtp.port}
          </dd>
          {smtp.user ? (
            <>
              <dt>User</dt>
              <dd>{smtp.user}</dd>
            </>
          ) : null}
          <dt>Sender (From)</dt>
          <dd>
            {smtp.from}
            {smtp.fromFromEnv ? ' (set by the server’s MAIL_FROM; change it there)' : ''}
          </dd>
        </dl>
      </section>
    );
  }

  return (
    <Form method="post" className="admin-panel messages-form" aria-labelledby="smtp-settings-title">
      <h2 id="smtp-settings-title">E-mail server (SMTP)</h2>
      <p className="field__hint">
        {smtp.ready
          ? `E-mail leaves through ${smtp.host}:${smtp.port}.`
          : 'E-mail is not set up: messages to guardians and the office wait until an SMTP server is saved here.'}
      </p>
      {smtp.keyProblem ? (
        <p className="field__error" role="alert">
          {smtp.keyProblem}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="smtp" />
      <input type="hidden" name="form" value="smtp" />
      <AdminField
        label="E-mail provider"
        error={fieldErrors?.preset}
        hint="Fills in the server, port and security of a common provider; the user and password are your account’s."
      >
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="preset"
            value={preset}
            onChange={(event) => {
              const picked = SMTP_PRESETS[event.target.value as SmtpPreset] as
                (typeof SMTP_PRESETS)[SmtpPreset] | undefined;
              if (!picked) return setPreset('');
              setHost(picked.host);
              setPort(String(picked.port));
              setSecurity(picked.security);
              // The fields now hold the preset's settings; what is typed in them afterwards is what is saved.
              setPreset('');
            }}
          >
            <option value="">Other (type the server below)</option>
            {SMTP_PRESET_NAMES.map((name) => (
              <option key={name} value={name}>
                {SMTP_PRESETS[name].label}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField label="SMTP server" error={fieldErrors?.host} hint="Leave empty to stop sending e-mail.">
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="host"
            autoComplete="off"
            spellCheck={false}
            value={host}
            onChange={(event) => setHost(event.target.value)}
          />
        )}
      </AdminField>
      <AdminField label="Port" error={fieldErrors?.port}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="port"
            inputMode="numeric"
            value={port}
            onChange={(event) => setPort(event.target.value)}
          />
        )}
      </AdminField>
      <AdminField label="Security" error={fieldErrors?.security}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            name="security"
            value={security}
            onChange={(event) => setSecurity(event.target.value)}
          >
            {SMTP_SECURITIES.map((s) => (
              <option key={s} value={s}>
                {SMTP_SECURITY_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField label="User" error={fieldErrors?.user} hint="Usually the full e-mail address of the account.">
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="user"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values?.user ?? smtp.user}
          />
        )}
      </AdminField>
      <AdminField
        label="Password"
        error={fieldErrors?.password}
        hint={
          smtp.passwordSet
            ? 'Set — leave empty to keep it.'
            : 'For Gmail and Outlook, an app password made in the account’s security settings.'
        }
      >
        {(control) => (
          <input {...control} className="field__input" name="password" type="password" autoComplete="new-password" />
        )}
      </AdminField>
      {smtp.fromFromEnv ? (
        <p className="field__hint">Sender (From): {smtp.from}. Set by the server’s MAIL_FROM; change it there.</p>
      ) : (
        <AdminField
          label="Sender (From)"
          error={fieldErrors?.from}
          hint={`Most providers require the account’s own address. Empty: ${defaultMailFrom}.`}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              name="from"
              autoComplete="off"
              defaultValue={values?.from ?? smtp.from}
            />
          )}
        </AdminField>
      )}
      <button className="button button--primary" type="submit" disabled={busy}>
        Save e-mail settings
      </button>
    </Form>
  );
}
