import { describeDevice } from '#common/user-agent.ts';
import { audit } from '#server/audit/audit.ts';
import { verifyPassword } from '#server/auth/password.ts';
import type { Db } from '#server/db/db.ts';
import { notFound, refusal } from '#server/errors.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import * as users from '../auth/users.repository.ts';
import { hashNewPassword } from './new-password.ts';

export interface AccountSession {
  id: string;
  device: string;
  address: string;
  lastUsedAt: string;
  /** The session this request is made with. */
  current: boolean;
}

/** Deletes the account's sessions except `keepSessionId`; returns how many ended. */
async function endOtherSessions(trx: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await trx
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * What every signed-in person may do with their own account: the password and their sessions. A wrong
 * current password counts as a failed sign-in of the account and of the address (`throttle`).
 */
export function createAccountService(db: Db, throttle: LoginThrottle) {
  async function findUser(userId: string) {
    const user = await users.findUserById(db, userId);
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
      const passwordHash = await hashNewPassword(password);
      await db.transaction().execute(async (trx) => {
        await users.updatePassword(trx, user.id, passwordHash, new Date().toISOString());
        await endOtherSessions(trx, user.id, sessionId);
        await audit(trx, { kind: 'password-changed', subject: `${user.email}: own password changed` });
      });
    },

    async sessions(userId: string, sessionId: string): Promise<AccountSession[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'address', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('idle_expires_at', '>', new Date().toISOString())
        .orderBy('last_used_at', 'desc')
        .execute();
      return rows.map((s) => ({
        id: s.id,
        device: describeDevice(s.user_agent),
        address: s.address || 'unknown',
        lastUsedAt: s.last_used_at,
        current: s.id === sessionId,
      }));
    },

    /** 'Sign out everywhere else': returns how many sessions ended. */
    async signOutElsewhere(userId: string, sessionId: string): Promise<number> {
      const user = await findUser(userId);
      return db.transaction().execute(async (trx) => {
        const ended = await endOtherSessions(trx, userId, sessionId);
        if (ended > 0) {
          await audit(trx, {
            kind: 'sign-out',
            subject: `${user.email}: signed out everywhere else (${ended === 1 ? '1 session' : `${ended} sessions`})`,
          });
        }
        return ended;
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
