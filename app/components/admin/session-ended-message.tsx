import { useLocation } from 'react-router';
import { SESSION_ENDED } from '#common/api-error.ts';
import { loginPath } from '#app/lib/admin/admin-next.ts';

/** 'Your session has ended…' with a link to sign in that comes back to this page. */
export function SessionEndedMessage() {
  const { pathname, search } = useLocation();
  return (
    <p className="session-ended">
      {SESSION_ENDED.message}{' '}
      <a className="session-ended__link" href={loginPath(`${pathname}${search}`)}>
        Sign in again
      </a>
    </p>
  );
}
