import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';

export interface TwoFactorView {
  enabled: boolean;
  /** An owner requires two-factor sign-in of every account. */
  required: boolean;
  recoveryCodesLeft: number;
  /** A set-up begun and not yet confirmed: the server-made QR code (SVG) and the secret in groups of four. */
  setup: { secret: string; qrSvg: string } | null;
}

/**
 * Two-factor sign-in: off → 'Turn on' makes a secret on the server, shown as a QR code and as text, which a
 * first code from the app confirms; then the 10 recovery codes are shown this once. On → 'Turn off' asks for
 * the password or a code. One fetcher serves the section's forms, since only one of them is shown at a time.
 */
export function TwoFactorSection({ view, posted }: { view: TwoFactorView; posted: WriteResult | undefined }) {
  const { fetcher, busy, result: fetched } = useAdminWrite();
  const result = fetched ?? posted;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const recoveryCodes = result?.ok ? result.shownOnce : undefined;
  return (
    <section id="two-factor" className="account-section" aria-labelledby="account-two-factor-title">
      <h2 id="account-two-factor-title">Two-factor sign-in</h2>
      <p>
        Two-factor sign-in is <strong>{view.enabled ? 'on' : 'off'}</strong>.{' '}
        {view.enabled
          ? `After your password, you enter the code of your authenticator app. Recovery codes left: ${view.recoveryCodesLeft}.`
          : 'With it on, signing in also needs the 6-digit code of an authenticator app on your phone.'}
      </p>
      {view.required && !view.enabled ? (
        <p className="two-factor__required">
          An owner requires two-factor sign-in of every account. Turn it on to use the rest of the admin.
        </p>
      ) : null}
      {recoveryCodes && view.enabled ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : view.enabled ? (
        <fetcher.Form method="post" className="staff-add__form">
          <input type="hidden" name="intent" value="two-factor-disable" />
          <AdminField
            label="Password or code"
            hint="Your password, the code your app shows now, or a recovery code."
            error={errors.proof}
          >
            {(control) => <input {...control} name="proof" type="password" autoComplete="current-password" required />}
          </AdminField>
          <button type="submit" className="button" disabled={busy}>
            Turn off two-factor sign-in
          </button>
        </fetcher.Form>
      ) : view.setup ? (
        <SetupStep setup={view.setup} error={errors.code} fetcher={fetcher} busy={busy} />
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="two-factor-begin" />
          <button type="submit" className="button button--primary" disabled={busy}>
            Turn on two-factor sign-in
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}

interface SetupStepProps {
  setup: { secret: string; qrSvg: string };
  error: string | undefined;
  fetcher: ReturnType<typeof useAdminWrite>['fetcher'];
  busy: boolean;
}

function SetupStep({ setup, error, fetcher, busy }: SetupStepProps) {
  return (
    <div className="two-factor__setup">
      <ol className="two-factor__steps">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or Aegis).
        </li>
        <li>Scan this QR code with it, or type the key below into it.</li>
        <li>Enter the 6-digit code the app shows, to confirm.</li>
      </ol>
      {/* The SVG is made by our own server (the qrcode package) from the secret: our markup, not the visitor's. */}
      <div
        className="two-factor__qr"
        role="img"
        aria-label="QR code of the key, for your authenticator app"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <dl className="two-factor__key">
        <dt>Key</dt>
        <dd>
          <code className="two-factor__secret">{setup.secret}</code>
        </dd>
      </dl>
      <fetcher.Form method="post" className="staff-add__form">
        {/* The first button is the one Enter presses: the code confirms. */}
        <AdminField label="Code" hint="The 6 digits your authenticator app shows now." error={error}>
          {(control) => (
            <input
              {...control}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
              required
            />
          )}
        </AdminField>
        <div className="two-factor__actions">
          <button
            type="submit"
            name="intent"
            value="two-factor-confirm"
            className="button button--primary"
            disabled={busy}
          >
            Confirm and turn on
          </button>
          <button
            type="submit"
            name="intent"
            value="two-factor-cancel"
            formNoValidate
            className="button"
            disabled={busy}
          >
            Cancel
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** Shown once, right after two-factor sign-in is turned on: only their hashes are kept. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="two-factor__recovery" role="region" aria-labelledby="two-factor-recovery-title">
      <h3 id="two-factor-recovery-title">Your recovery codes</h3>
      <p>
        Keep these 10 codes safe, away from your phone (print them or write them down). Each signs you in once if you
        lose your phone. They are shown only now.
      </p>
      <ul className="two-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
