import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import { AdminField } from './admin-field.tsx';

/**
 * The new password a person chooses (their own, or on a one-time link), with the rules it must meet; a page
 * in another language gives its own label and hint (`words`).
 */
export function NewPasswordField({
  error,
  note,
  words,
}: {
  error: string | undefined;
  note: string;
  words?: { label: string; hint: string };
}) {
  return (
    <AdminField
      label={words?.label ?? 'New password'}
      hint={
        words?.hint ?? `At least ${MIN_NEW_PASSWORD_LENGTH} characters, not one of the most common passwords. ${note}`
      }
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
