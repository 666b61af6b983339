import { MIN_NEW_PASSWORD_LENGTH } from '#common/password-rules.ts';
import { AdminField } from './admin-field.tsx';

/** The new password a person chooses (their own, or on a one-time link), with the rules it must meet. */
export function NewPasswordField({ error, note }: { error: string | undefined; note: string }) {
  return (
    <AdminField
      label="New password"
      hint={`At least ${MIN_NEW_PASSWORD_LENGTH} characters, not one of the most common passwords. ${note}`}
      error={error}
    >
      {(control) => (
        <input
          {...control}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_NEW_PASSWORD_LENGTH}
          required
        />
      )}
    </AdminField>
  );
}
