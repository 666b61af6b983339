import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { sessionStore } from '#app/lib/session-store.ts';
import { LogoutIcon, SearchIcon } from './icons.tsx';

export function AdminHeader() {
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
      <p className="admin-header__greeting">Hello Admin</p>
      {/* The specification's search box does nothing; it must not break anything either. */}
      <form className="admin-header__search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="sr-only" htmlFor="admin-search">
          Search
        </label>
        <SearchIcon />
        <input id="admin-search" type="search" placeholder="Search" />
      </form>
      <button className="icon-button" type="button" aria-label="Log out" title="Log out" onClick={() => void logout()}>
        <LogoutIcon />
      </button>
    </header>
  );
}
