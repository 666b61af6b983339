import { useAdminWrite } from '../use-admin-write.tsx';

/**
 * The owners' switch: require two-factor sign-in of every account. While it is on, an account without it
 * is sent to set it up (on the Account page) right after signing in, and can open nothing else until it has.
 */
export function RequireTwoFactor({ required }: { required: boolean }) {
  const { fetcher, busy } = useAdminWrite();
  return (
    <section className="account-section" aria-labelledby="staff-two-factor-title">
      <h2 id="staff-two-factor-title">Two-factor sign-in for everyone</h2>
      <p>
        {required
          ? 'Required: every account must sign in with a code from an authenticator app. Accounts without it are sent to set it up.'
          : 'Not required: each person chooses on their Account page.'}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="require-two-factor" />
        <input type="hidden" name="required" value={required ? 'false' : 'true'} />
        <button type="submit" className="button" disabled={busy}>
          {required ? 'Stop requiring two-factor sign-in' : 'Require two-factor sign-in for everyone'}
        </button>
      </fetcher.Form>
    </section>
  );
}
