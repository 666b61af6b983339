import { waitWords } from '#common/accounts/sign-in-message.ts';
import { PasswordHashingBusyError } from '#server/auth/password.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { Env } from '#server/env.ts';
import { tooManyRequests } from '#server/errors.ts';
import { clear, peek, release, reserve } from '#server/rate-limit/rate-limit.repository.ts';
import { normaliseEmail } from './users.repository.ts';

export interface LoginThrottleOptions {
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
  lockoutMs: number;
}

/** The limits as configured (LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_LOCKOUT_MINUTES). */
export const loginThrottleOptions = (env: Env): LoginThrottleOptions => ({
  maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
  lockoutMs: env.LOGIN_LOCKOUT_MINUTES * 60_000,
});

/** 429 when the password hashing slots and their queue are full: the password was not checked. */
export const hashingBusy = () =>
  tooManyRequests(
    'auth/too-many-requests',
    'Too many sign-in attempts at once. Please wait a moment and try again.',
    1,
  );

/** One sign-in attempt, counted as a failure from the moment it was taken until it says otherwise. */
export interface LoginAttempt {
  /** The password was right: this attempt is no failure, and the account's earlier failures are forgiven. */
  succeeded(): Promise<void>;
  /** The password was never checked (the hashing queue was full, the database failed): it does not count. */
  giveBack(): Promise<void>;
}

/**
 * Failed sign-ins per client address and per account, in counters shared by every process through the
 * database. An attempt is taken before its password is checked, so however many arrive together no more
 * than the limits are ever checked. An address keeps its failures when one of its sign-ins succeeds: it
 * may be trying many accounts, and knowing one password must not wipe the record of the others.
 */
export function createLoginThrottle(db: Db, options: LoginThrottleOptions, clock: Clock) {
  async function refuse(key: string): Promise<never> {
    const now = clock.now();
    const { resetAt } = await peek(db, key, now);
    const seconds = (resetAt.getTime() - now.getTime()) / 1000;
    // Said in words as well as in Retry-After: the Account page and the API show the message as it is.
    throw tooManyRequests(
      'auth/too-many-requests',
      `Too many failed sign-in attempts. Try again in ${waitWords(seconds)}.`,
      seconds,
    );
  }

  /** Takes an attempt on the address and on the account, or throws 429 when either has none left. */
  async function reserveAttempt(email: string, ip: string): Promise<LoginAttempt> {
    const ipKey = `login:ip:${ip}`;
    const accountKey = `login:account:${normaliseEmail(email)}`;
    const byIp = await reserve(db, ipKey, options.maxFailuresPerIp, options.lockoutMs, clock.now());
    if (!byIp) return refuse(ipKey);
    const byAccount = await reserve(db, accountKey, options.maxFailuresPerAccount, options.lockoutMs, clock.now());
    if (!byAccount) {
      await release(db, ipKey, byIp);
      return refuse(accountKey);
    }
    return {
      async succeeded() {
        await Promise.all([clear(db, accountKey), release(db, ipKey, byIp)]);
      },
      async giveBack() {
        await Promise.all([release(db, ipKey, byIp), release(db, accountKey, byAccount)]);
      },
    };
  }

  return {
    reserve: reserveAttempt,

    /**
     * A secret typed by a signed-in person or at sign-in (their current password, a code) checked as one
     * attempt of the account, with the sign-in's limits and counters: refused with 429 before `check` runs
     * when the account or the address has no attempt left. A right answer forgives the account's failures;
     * a check that could not run (the hashing queue was full) does not count.
     */
    async check(email: string, ip: string, check: () => Promise<boolean>): Promise<boolean> {
      const attempt = await reserveAttempt(email, ip);
      let ok: boolean;
      try {
        ok = await check();
      } catch (err) {
        await attempt.giveBack();
        if (err instanceof PasswordHashingBusyError) throw hashingBusy();
        throw err;
      }
      if (ok) await attempt.succeeded();
      return ok;
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
