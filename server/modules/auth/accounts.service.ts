import { randomUUID } from 'node:crypto';
import { EMAIL_MESSAGE, isEmailAddress } from '#common/email.ts';
import { NewPasswordSchema, PASSWORD_TOO_COMMON } from '#common/accounts/password-rules.ts';
import { FULL_ROLE, keepsTheSite } from '#common/policy.ts';
import { ROLE_LABELS, type Role, parseRole } from '#common/roles.ts';
import { describeDevice } from '#common/user-agent.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import type { Actor } from '#server/auth/actor.ts';
import { isCommonPassword } from '#server/auth/common-passwords.ts';
import { hashPassword, unmatchableHash } from '#server/auth/password.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { UserRow } from '#server/db/schema.ts';
import { badRequest, notFound, refusal } from '#server/errors.ts';
import * as sessions from './sessions.repository.ts';
import * as users from './users.repository.ts';

/**
 * Who makes an account change, for its audit entry: a staff member or the command line (the services that
 * call these have asked the policy), or the account's own person at the door (a one-time link).
 */
export type ChangedBy = Actor | AccountAtDoor;

/** Work of the caller's that commits with the change, or not at all (a one-time link used or voided). */
type Within = (trx: Db) => Promise<void>;

interface CreateOptions {
  name?: string;
  /** Accounts made from the command line and ADMIN_EMAIL are owners unless told otherwise. */
  role?: Role;
  before?: Within;
  after?: (trx: Db, id: string) => Promise<void>;
  /** The audit entry's subject, when not 'Name (e-mail), Role'. */
  subject?: (account: { name: string; email: string }) => string;
}

export interface AccountSession {
  id: string;
  device: string;
  address: string;
  lastUsedAt: string;
  /** The session this request is made with. */
  current: boolean;
}

/** How an account is named in the audit log's subjects. */
export const accountName = (user: Pick<UserRow, 'name' | 'email'>): string =>
  user.name ? `${user.name} (${user.email})` : user.email;

/** The hash of a password a person chose, after the rules: long enough and not a common one. */
async function hashNewPassword(password: string): Promise<string> {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw refusal('password/too-short', parsed.error.issues[0]?.message);
  if (isCommonPassword(password)) throw refusal('password/too-common', PASSWORD_TOO_COMMON);
  return hashPassword(password);
}

/** The site always keeps an owner who can sign in: the last one is neither demoted, disabled nor deleted. */
async function assertNotLastOwner(trx: Db, user: UserRow): Promise<void> {
  if (
    keepsTheSite(parseRole(user.role)) &&
    user.disabled_at === null &&
    !(await users.anotherActiveOwner(trx, user.id))
  ) {
    throw refusal('staff/last-owner');
  }
}

/**
 * Every account's creation, password change, role change and deletion, from the browser (Staff, Account,
 * one-time links), the command line and ADMIN_EMAIL alike: one set of rules for passwords (length, common
 * passwords), e-mail addresses and the last owner. Passwords are hashed before a transaction begins, so
 * the database is never held while scrypt runs.
 */
export function createAccountsService(db: Db, clock: Clock) {
  async function find(trx: Db, id: string): Promise<UserRow> {
    const user = await users.findUserById(trx, id);
    if (!user) throw notFound('account');
    return user;
  }

  return {
    findById: (id: string) => users.findUserById(db, id),
    findByEmail: (email: string) => users.findUserByEmail(db, email),
    exists: async (email: string) => (await users.findUserByEmail(db, email)) !== undefined,
    /** Whether any account exists (a fresh install has none); `trx` to ask inside a transaction. */
    any: (trx: Db = db) => users.anyUser(trx),
    all: () => users.listAccounts(db),

    /**
     * Returns the new account's id. A null password: nobody can sign in with it until its person sets one
     * with a one-time link. In its transaction, `before` runs first (it may refuse) and `after` once the
     * account is added.
     */
    async create(
      by: ChangedBy | ((id: string) => AccountAtDoor),
      address: string,
      password: string | null,
      { name = '', role = FULL_ROLE, before, after, subject }: CreateOptions = {},
    ): Promise<string> {
      if (!isEmailAddress(address)) throw badRequest('validation', EMAIL_MESSAGE);
      const email = users.normaliseEmail(address);
      // Checked again in the transaction; first, so a taken address costs no hashing.
      if (await users.findUserByEmail(db, email)) throw refusal('staff/email-taken');
      const passwordHash = password === null ? unmatchableHash() : await hashNewPassword(password);
      return db.transaction().execute(async (trx) => {
        await before?.(trx);
        if (await users.findUserByEmail(trx, email)) throw refusal('staff/email-taken');
        const id = randomUUID();
        const now = clock.now().toISOString();
        await users.insertUser(trx, {
          id,
          email,
          name,
          role,
          password_hash: passwordHash,
          disabled_at: null,
          last_sign_in_at: null,
          created_at: now,
          updated_at: now,
        });
        await after?.(trx, id);
        await audit(
          trx,
          typeof by === 'function' ? by(id) : by,
          {
            kind: 'account-added',
            subject: subject ? subject({ name, email }) : `${accountName({ name, email })}, ${ROLE_LABELS[role]}`,
          },
          clock.now(),
        );
        return id;
      });
    },

    /**
     * A new password chosen by its person; the account's sessions end, except `keepSessionId` (the one
     * making the change from the Account page).
     */
    async setPassword(
      by: ChangedBy,
      id: string,
      password: string,
      {
        keepSessionId,
        subject,
        within,
      }: { keepSessionId?: string; subject?: (user: UserRow) => string; within?: Within } = {},
    ): Promise<void> {
      const passwordHash = await hashNewPassword(password);
      await db.transaction().execute(async (trx) => {
        await within?.(trx);
        const user = await find(trx, id);
        await users.updatePassword(trx, id, passwordHash, clock.now().toISOString());
        if (keepSessionId) await sessions.deleteOtherSessionsOfUser(trx, id, keepSessionId);
        else await sessions.deleteSessionsOfUser(trx, id);
        const text = subject ? subject(user) : `${accountName(user)}: password changed`;
        await audit(trx, by, { kind: 'password-changed', subject: text }, clock.now());
      });
    },

    /** The old password stops working and the account's sessions end; `within` makes the link for a new one. */
    async clearPassword(by: ChangedBy, id: string, within: Within): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await find(trx, id);
        if (user.disabled_at !== null) throw refusal('staff/disabled');
        await users.updatePassword(trx, id, unmatchableHash(), clock.now().toISOString());
        await sessions.deleteSessionsOfUser(trx, id);
        await within(trx);
        const subject = `${accountName(user)}: reset, new one-time link made`;
        await audit(trx, by, { kind: 'password-changed', subject }, clock.now());
      });
    },

    async setRole(by: ChangedBy, id: string, role: Role): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await users.oneOwnerChangeAtATime(trx);
        const user = await find(trx, id);
        const was = parseRole(user.role);
        if (was === role) return;
        if (!keepsTheSite(role)) await assertNotLastOwner(trx, user);
        await users.updateRole(trx, id, role, clock.now().toISOString());
        const changes = [{ field: 'Role', from: ROLE_LABELS[was], to: ROLE_LABELS[role] }];
        const subject = `${accountName(user)}: ${ROLE_LABELS[was]} → ${ROLE_LABELS[role]}`;
        await audit(trx, by, { kind: 'account-changed', subject, changes }, clock.now());
      });
    },

    /** Disabling ends the account's sessions (and `onDisable`: its links) at once; enabling lets it sign in again. */
    async setDisabled(by: ChangedBy, id: string, disabled: boolean, onDisable?: Within): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await users.oneOwnerChangeAtATime(trx);
        const user = await find(trx, id);
        if ((user.disabled_at !== null) === disabled) return;
        if (disabled) await assertNotLastOwner(trx, user);
        const now = clock.now().toISOString();
        await users.updateDisabledAt(trx, id, disabled ? now : null, now);
        if (disabled) {
          await sessions.deleteSessionsOfUser(trx, id);
          await onDisable?.(trx);
          await audit(trx, by, { kind: 'account-disabled', subject: accountName(user) }, clock.now());
        } else {
          await audit(trx, by, { kind: 'account-changed', subject: `${accountName(user)}: enabled` }, clock.now());
        }
      });
    },

    /** Never the last owner who can sign in; the account's sessions (and `within`: its links) go with it. */
    async remove(by: ChangedBy, id: string, within?: Within): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await users.oneOwnerChangeAtATime(trx);
        const user = await find(trx, id);
        await assertNotLastOwner(trx, user);
        await within?.(trx);
        await sessions.deleteSessionsOfUser(trx, id);
        await users.deleteUser(trx, id);
        await audit(trx, by, { kind: 'account-deleted', subject: accountName(user) }, clock.now());
      });
    },

    /** The account's sessions that are still usable, most recently used first. */
    async sessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      // Real time, as sign-in and session expiry use.
      const rows = await sessions.listLiveSessionsOfUser(db, userId, clock.now().toISOString());
      return rows.map((s) => ({
        id: s.id,
        device: describeDevice(s.user_agent),
        address: s.address || 'unknown',
        lastUsedAt: s.last_used_at,
        current: s.id === currentSessionId,
      }));
    },

    /** Ends the account's sessions except `keepSessionId`; returns how many ended. */
    async endOtherSessions(
      by: ChangedBy,
      userId: string,
      keepSessionId: string,
      subject: (ended: number) => string,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ended = await sessions.deleteOtherSessionsOfUser(trx, userId, keepSessionId);
        if (ended > 0) await audit(trx, by, { kind: 'sign-out', subject: subject(ended) }, clock.now());
        return ended;
      });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
