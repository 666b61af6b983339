import { createHash, randomBytes } from 'node:crypto';
import { PasswordHashingBusyError, unmatchableHash, verifyPassword } from '#server/auth/password.ts';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { looksLikeEmailAddress } from '#common/email.ts';
import { type Role, parseRole } from '#common/roles.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import { type Clock, isoAfter } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { AppError, badRequest, refusal } from '#server/errors.ts';
import { type LoginThrottle, hashingBusy } from './login-throttle.ts';
import * as sessions from './sessions.repository.ts';
import type { UserRow } from '#server/db/schema.ts';
import * as users from './users.repository.ts';
import * as pending from './two-factor/two-factor.repository.ts';
import type { TwoFactorService } from './two-factor/two-factor.service.ts';

export interface AuthOptions {
  sessionIdleMs: number;
  sessionMaxMs: number;
}

export interface SignedIn {
  /** The session's public identifier (the browser keeps it as `userToken`); never the secret. */
  userToken: string;
  userId: string;
  email: string;
  /** May be empty; the e-mail stands in for it. */
  name: string;
  role: Role;
  expiresAt: string;
}

export interface NewSession extends SignedIn {
  /** Goes only into the HttpOnly cookie. */
  secret: string;
}

/** The password was right and the account has two-factor on: a code is due before any session is made. */
export interface PendingSignIn {
  /** Goes only into the pending sign-in's HttpOnly cookie, which binds the code step to this browser. */
  pendingSecret: string;
}

/** How long a pending sign-in waits for its code. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

const codeExpired = () => refusal('auth/code-expired');

const invalidCredential = () => refusal('auth/invalid-credential');

export const hashToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Only well-formed secrets reach the database: 43 base64url characters (256 bits). */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/u;

/** An account acting before it has a session (signing in, a one-time link), from `address`, for the audit log. */
export const atDoor = (user: Pick<UserRow, 'id' | 'name' | 'email'>, address: string): AccountAtDoor => ({
  kind: 'account',
  id: user.id,
  name: user.name || user.email,
  address,
});

/** Where a sign-in comes from, as the edge (API route or page action) read it from the request. */
export interface Client {
  address: string;
  userAgent: string;
}

const signedIn = (userToken: string, user: UserRow, expiresAt: string): SignedIn => ({
  userToken,
  userId: user.id,
  email: user.email,
  name: user.name,
  role: parseRole(user.role),
  expiresAt,
});

/** `throttle` counts failed sign-ins; the Account page's checks of the current password share it. */
export function createAuthService(
  db: Db,
  options: AuthOptions,
  twoFactor: TwoFactorService,
  throttle: LoginThrottle,
  clock: Clock,
) {
  // Checked against when the e-mail is unknown, so both failures cost the same time.
  const dummyHash = unmatchableHash();

  async function startSession(user: UserRow, client: Client): Promise<NewSession> {
    const now = clock.now();
    const secret = randomBytes(32).toString('base64url');
    const row = {
      id: randomBytes(16).toString('base64url'),
      token_hash: hashToken(secret),
      user_id: user.id,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      idle_expires_at: isoAfter(now, options.sessionIdleMs),
      absolute_expires_at: isoAfter(now, options.sessionMaxMs),
      // The browser and address it was opened from, to name it on the account page.
      user_agent: client.userAgent.slice(0, 300),
      address: client.address.slice(0, 64),
    };
    await db.transaction().execute(async (trx) => {
      await sessions.insertSession(trx, row);
      await users.recordSignIn(trx, user.id, row.created_at);
      await audit(trx, atDoor(user, client.address), { kind: 'sign-in', subject: user.email }, now);
    });
    return { secret, ...signedIn(row.id, user, row.absolute_expires_at) };
  }

  return {
    async login(email: string, password: string, client: Client): Promise<NewSession | PendingSignIn> {
      const ip = client.address;
      if (!looksLikeEmailAddress(email)) {
        throw badRequest('auth/invalid-email');
      }
      if (password === '') throw badRequest('auth/missing-password');
      // The attempt is counted before the password is checked, so a burst can never check more
      // passwords than the limits allow; it stays counted as a failure unless the password is right.
      const attempt = await throttle.reserve(email, ip);
      let user: Awaited<ReturnType<typeof users.findUserByEmail>>;
      let ok: boolean;
      try {
        user = await users.findUserByEmail(db, email);
        ok = await verifyPassword(password, user?.password_hash ?? dummyHash);
      } catch (err) {
        await attempt.giveBack();
        if (err instanceof PasswordHashingBusyError) throw hashingBusy();
        throw err;
      }
      // A disabled account gets the same answer as a wrong password.
      if (!user || !ok || user.disabled_at !== null) {
        await db
          .transaction()
          .execute((trx) =>
            audit(
              trx,
              user ? atDoor(user, ip) : { kind: 'account', id: null, name: users.normaliseEmail(email), address: ip },
              { kind: 'sign-in-failed', subject: users.normaliseEmail(email) },
              clock.now(),
            ),
          );
        throw invalidCredential();
      }
      await attempt.succeeded();
      if (user.two_factor_enabled_at === null) return startSession(user, client);
      const pendingSecret = randomBytes(32).toString('base64url');
      const now = clock.now().getTime();
      await pending.deleteExpiredPendingSignIns(db, isoAfter(now, 0));
      await pending.insertPendingSignIn(db, hashToken(pendingSecret), user.id, isoAfter(now, PENDING_SIGN_IN_MS));
      return { pendingSecret };
    },

    /**
     * The second step of a sign-in with two-factor on: the pending sign-in of this browser and a 6-digit or
     * recovery code. Codes are throttled by the same counters as passwords (per account and per address).
     */
    async completeSignIn(pendingSecret: string | undefined, code: string, client: Client): Promise<NewSession> {
      const ip = client.address;
      if (!pendingSecret || !SECRET_PATTERN.test(pendingSecret)) throw codeExpired();
      const tokenHash = hashToken(pendingSecret);
      const row = await pending.findPendingSignIn(db, tokenHash);
      if (!row) throw codeExpired();
      if (row.expires_at <= clock.now().toISOString()) {
        await pending.deletePendingSignIn(db, tokenHash);
        throw codeExpired();
      }
      const found = await users.findUserById(db, row.user_id);
      if (!found || found.disabled_at !== null) throw codeExpired();
      const user = found;
      const ok = await throttle.check(user.email, ip, () => twoFactor.verifySignInCode(user, code));
      if (!ok) {
        await db
          .transaction()
          .execute((trx) =>
            audit(
              trx,
              atDoor(user, ip),
              { kind: 'sign-in-failed', subject: `${user.email} (wrong code)` },
              clock.now(),
            ),
          );
        throw refusal('auth/invalid-code');
      }
      // The pending sign-in makes one session: of two requests racing with it, one gets it.
      if (!(await pending.deletePendingSignIn(db, tokenHash))) throw codeExpired();
      return startSession(user, client);
    },

    /** The signed-in admin for a cookie secret, or null; extends the idle expiry as it is used. */
    async authenticate(secret: string | undefined): Promise<SignedIn | null> {
      if (!secret || !SECRET_PATTERN.test(secret)) return null;
      const session = await sessions.findSessionByTokenHash(db, hashToken(secret));
      if (!session) return null;
      const now = clock.now();
      const nowIso = now.toISOString();
      if (session.idle_expires_at <= nowIso || session.absolute_expires_at <= nowIso) {
        await sessions.deleteSessionByTokenHash(db, session.token_hash);
        return null;
      }
      const user = await users.findUserById(db, session.user_id);
      if (!user || user.disabled_at !== null) return null;
      // Write at most once a minute: a busy admin page should not write on every request.
      if (now.getTime() - Date.parse(session.last_used_at) > 60_000) {
        const idleExpiresAt = isoAfter(now, options.sessionIdleMs);
        try {
          await sessions.touchSession(db, session.id, nowIso, idleExpiresAt);
        } catch (err) {
          // Another program holds the database's lock: the session is valid for a while yet, so reading
          // a page must not fail for want of this bookkeeping write; a later request extends it.
          if (!(err instanceof AppError && err.code === DATABASE_BUSY.code)) throw err;
        }
      }
      return signedIn(session.id, user, session.absolute_expires_at);
    },

    async logout(secret: string | undefined, address: string): Promise<void> {
      if (!secret || !SECRET_PATTERN.test(secret)) return;
      const session = await sessions.findSessionByTokenHash(db, hashToken(secret));
      const user = session ? await users.findUserById(db, session.user_id) : undefined;
      if (!session || !user) return;
      await db.transaction().execute(async (trx) => {
        // Only the sign-out that really ended the session is recorded.
        if (await sessions.deleteSessionByTokenHash(trx, session.token_hash)) {
          await audit(trx, atDoor(user, address), { kind: 'sign-out', subject: user.email }, clock.now());
        }
      });
    },

    pruneExpired: () => sessions.deleteExpiredSessions(db, clock.now().toISOString()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** A command-line refusal (npm run admin): printed as its message alone. */
export class UserAdminError extends Error {
  override name = 'UserAdminError';
}
