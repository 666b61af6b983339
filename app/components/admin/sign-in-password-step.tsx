import type { FieldErrors } from '#app/lib/form-result.ts';
import { AdminField } from './admin-field.tsx';

interface SignInPasswordStepProps {
  busy: boolean;
  /** The e-mail address as typed in a refused sign-in; the password is never sent back. */
  username?: string | undefined;
  errors?: FieldErrors | undefined;
}

/** The sign-in's first step: the e-mail address and the password. */
export function SignInPasswordStep({ busy, username, errors = {} }: SignInPasswordStepProps) {
  return (
    <>
      <AdminField label="Username" hint="Your e-mail address" error={errors.username}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="username"
            type="text"
            autoComplete="username"
            inputMode="email"
            defaultValue={username}
          />
        )}
      </AdminField>
      <AdminField label="Password" error={errors.password}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="password"
            type="password"
            autoComplete="current-password"
          />
        )}
      </AdminField>
      <button className="button button--primary" type="submit" disabled={busy}>
        Login
      </button>
    </>
  );
}
