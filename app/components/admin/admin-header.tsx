import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS, type Role } from '#common/roles.ts';
import { toast } from 'react-toastify';
import { sessionStore } from '#app/lib/session-store.ts';
import { LogoutIcon } from './icons.tsx';
import { SearchBox } from './search-box.tsx';

/**
 * The header: a greeting by the signed-in person's name (none when the account has no name: never a
 * made-up 'Admin'), the search box and log-out, and the person's account link.
 */
export function AdminHeader({
  person = null,
  name = null,
  role = null,
}: {
  person?: string | null;
  /** The signed-in person's own name, to greet them by. */
  name?: string | null;
  role?: Role | null;
}) {
  const navigate = useNavigate();

  async function logout() {
    try {
      await sessionStore.logout();
      await navigate('/');
    } catch (err) {
      console.error('Logout failed', err);
      toast.error('Could not log out. Please try again.');
    }
  }

  return (
    <header className="admin-header">
      {name?.trim() ? <p className="admin-header__greeting">Hello, {name.trim()}</p> : null}
      <SearchBox />
      {person && role ? (
        <Link className="admin-header__account" to="/admin/account" title="Your account">
          <span className="admin-header__person">{person}</span>
          <span className="admin-header__role">{ROLE_LABELS[role]}</span>
        </Link>
      ) : null}
      <button className="icon-button" type="button" aria-label="Log out" title="Log out" onClick={() => void logout()}>
        <LogoutIcon />
      </button>
    </header>
  );
}
