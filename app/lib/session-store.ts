import { useSyncExternalStore } from 'react';
import { USER_TOKEN_KEY } from '#common/limits.ts';
import { signInMessage } from '#common/sign-in-message.ts';
import { ApiClientError, api } from './api-client.ts';

/** The specification's auth session state (SPEC.md section 3): token, loading, error, success, login flag. */
export interface SessionState {
  userToken: string | null;
  loading: boolean;
  error: string | null;
  success: boolean;
  isLoggedIn: boolean;
}

type LoginAnswer = { userToken: string; email: string; expiresAt: string } | { twoFactorRequired: true };

export type LoginResult = { ok: true } | { ok: 'code' } | { ok: false; error: string; message: string };

const signedOut: SessionState = { userToken: null, loading: false, error: null, success: false, isLoggedIn: false };
let state: SessionState = signedOut;
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(USER_TOKEN_KEY);
  } catch {
    return null;
  }
}

async function signInStep(path: string, json: unknown): Promise<LoginResult> {
  set({ loading: true, error: null, success: false });
  try {
    const answer = await api<LoginAnswer>(path, { method: 'POST', json });
    if ('twoFactorRequired' in answer) {
      set({ loading: false });
      return { ok: 'code' };
    }
    window.localStorage.setItem(USER_TOKEN_KEY, answer.userToken);
    set({ loading: false, success: true, userToken: answer.userToken, isLoggedIn: true });
    return { ok: true };
  } catch (err) {
    const code = err instanceof ApiClientError ? err.code : 'unknown-error';
    const error = code.replace(/^auth\//u, '');
    set({ loading: false, error, success: false });
    const retryAfter = err instanceof ApiClientError ? err.retryAfterSeconds : null;
    return { ok: false, error, message: signInMessage(code, retryAfter) };
  }
}

export const sessionStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Picks up a token stored by an earlier visit (client only). */
  hydrate() {
    const userToken = readStoredToken();
    if (userToken !== state.userToken) set({ userToken, isLoggedIn: userToken !== null });
  },
  /**
   * Signs in; on failure the error code without its 'auth/' prefix is kept, and returned with the words
   * to show (the code and a plain sentence). For an account with two-factor on, the password step answers
   * `code`: the sign-in finishes with `loginWithCode`.
   */
  login(email: string, password: string): Promise<LoginResult> {
    return signInStep('/api/auth/login', { email, password });
  },
  /** The second step of a two-factor sign-in: a 6-digit code from the app or a recovery code. */
  loginWithCode(code: string): Promise<LoginResult> {
    return signInStep('/api/auth/login/code', { code });
  },
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
    set(signedOut);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, () => signedOut);
}
