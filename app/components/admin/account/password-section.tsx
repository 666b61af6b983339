import { useRef } from 'react';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';
import { NewPasswordField } from '../new-password-field.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';

/** Change your own password: the current one is required; your other sessions end, this one stays. */
export function PasswordSection({ email, posted }: { email: string; posted: WriteResult | undefined }) {
  const form = useRef<HTMLFormElement>(null);
  // The typed passwords do not stay in the form once the change is made.
  const { fetcher, busy, result: fetched } = useAdminWrite({ onDone: () => form.current?.reset() });
  const result = fetched ?? posted;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <section className="account-section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <fetcher.Form method="post" className="staff-add__form" ref={form}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <AdminField label="Current password" error={errors.current}>
          {(control) => <input {...control} name="current" type="password" autoComplete="current-password" required />}
        </AdminField>
        <NewPasswordField error={errors.password} note="Your other sessions end; this one stays." />
        <button type="submit" className="button button--primary" disabled={busy}>
          Change password
        </button>
      </fetcher.Form>
    </section>
  );
}
