import { type StaffActor, authorize } from '#server/auth/actor.ts';
import { verifyPassword } from '#server/auth/password.ts';
import { notFound, refusal } from '#server/errors.ts';
import type { AccountSession, AccountsService, LoginThrottle } from '../auth/index.ts';

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
      actor: StaffActor,
      { current, password }: { current: string; password: string },
      ip: string,
    ): Promise<void> {
      authorize(actor, 'account.own');
      const user = await findUser(actor.userId);
      const right = await throttle.check(user.email, ip, () => verifyPassword(current, user.password_hash));
      if (!right) throw refusal('password/wrong-current');
      await accounts.setPassword(actor, user.id, password, {
        keepSessionId: actor.session.userToken,
        subject: (u) => `${u.email}: own password changed`,
      });
    },

    async sessions(actor: StaffActor): Promise<AccountSession[]> {
      authorize(actor, 'account.own');
      return accounts.sessions(actor.userId, actor.session.userToken);
    },

    /** 'Sign out everywhere else': returns how many sessions ended. */
    async signOutElsewhere(actor: StaffActor): Promise<number> {
      authorize(actor, 'account.own');
      const user = await findUser(actor.userId);
      return accounts.endOtherSessions(
        actor,
        actor.userId,
        actor.session.userToken,
        (ended) => `${user.email}: signed out everywhere else (${ended === 1 ? '1 session' : `${ended} sessions`})`,
      );
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
