import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { useAdminWrite } from '../use-admin-write.tsx';

export interface SessionView {
  id: string;
  device: string;
  address: string;
  lastUsedAt: string;
  current: boolean;
}

/** Where you are signed in (device, address, last used), with 'Sign out everywhere else'. */
export function SessionsSection({ sessions }: { sessions: SessionView[] }) {
  const { fetcher, busy } = useAdminWrite();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="account-section" aria-labelledby="account-sessions-title">
      <h2 id="account-sessions-title">Where you are signed in</h2>
      <ul className="account-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="account-session">
            <p className="account-session__device">
              {session.device}
              {session.current ? <span className="admin-badge">This device</span> : null}
            </p>
            <p className="account-session__meta">
              {session.address} · last used{' '}
              <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="sign-out-elsewhere" />
          <button type="submit" className="button" disabled={busy}>
            Sign out everywhere else
          </button>
        </fetcher.Form>
      ) : (
        <p>You are signed in on this device only.</p>
      )}
    </section>
  );
}
