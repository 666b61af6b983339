import { verifyPassword } from '#server/auth/password.ts';
import { notFound, refusal } from '#server/errors.ts';
import type { AccountSession, AccountsService } from '../auth/accounts.service.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';

/**
 * What every signed-in person may do with their own account: the password and their sessions. A wrong
 * current password counts as a failed sign-in of the account and of the address (`throttle`).
 */
export function createAccountService(accounts: AccountsService, throttle: LoginThrottle) {
  async function findUser(userId: string) {
    const user = await accounts.findById(userId);
    if (!user) throw notFound('account');
    return user;
  }

  return {
    /**
     * The current password is required, checked as a sign-in attempt from `ip`; the other sessions end, the
     * one making the change stays.
     */
    async changePassword(
      userId: string,
      sessionId: string,
      { current, password }: { current: string; password: string },
      ip: string,
    ): Promise<void> {
      const user = await findUser(userId);
      const right = await throttle.check(user.email, ip, () => verifyPassword(current, user.password_hash));
      if (!right) throw refusal('password/wrong-current');
      await accounts.setPassword(user.id, password, {
        keepSessionId: sessionId,
        subject: (u) => `${u.email}: own password changed`,
      });
    },

    sessions: (userId: string, sessionId: string): Promise<AccountSession[]> => accounts.sessions(userId, sessionId),

    /** 'Sign out everywhere else': returns how many sessions ended. */
    async signOutElsewhere(userId: string, sessionId: string): Promise<number> {
      const user = await findUser(userId);
      return accounts.endOtherSessions(
        userId,
        sessionId,
        (ended) => `${user.email}: signed out everywhere else (${ended === 1 ? '1 session' : `${ended} sessions`})`,
      );
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
