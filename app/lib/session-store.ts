import { USER_TOKEN_KEY } from '#common/limits.ts';
import { api } from './api-client.ts';

/**
 * The browser's side of a session (SPEC.md section 3): local storage `userToken`, the session's public
 * identifier, which grants nothing on its own. Signing in is the login page's action (app/routes/login.tsx),
 * which hands the identifier to `remember`; the session itself lives in the HttpOnly cookie.
 */
export const sessionStore = {
  /** Keeps the public identifier of the session the login page's action just made. */
  remember(userToken: string) {
    try {
      window.localStorage.setItem(USER_TOKEN_KEY, userToken);
    } catch {
      // Storage can be unavailable (private mode); the cookie alone keeps the session.
    }
  },
  /** Ends the session on the server, then forgets it here. */
  async logout(): Promise<void> {
    await api('/api/auth/logout', { method: 'POST' });
    sessionStore.forget();
  },
  /** Drops the local token (after logout, or when the server says the session is gone). */
  forget() {
    try {
      window.localStorage.removeItem(USER_TOKEN_KEY);
    } catch {
      // Storage can be unavailable (private mode); there is then nothing to remove.
    }
  },
};
