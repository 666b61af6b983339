import { randomBytes, randomUUID } from 'node:crypto';
import { ROLE_LABELS, type Role, parseRole } from '#common/roles.ts';
import {
  FIRST_OWNER_LINK_HOURS,
  type FirstOwner,
  type LinkInfo,
  type NewStaff,
  STAFF_LINK_HOURS,
  type StaffAccount,
  type StaffLink,
  welcomePath,
} from '#common/staff.ts';
import { audit } from '#server/audit/audit.ts';
import { unmatchableHash } from '#server/auth/password.ts';
import type { Clock } from '#server/clock.ts';
import { sql } from 'kysely';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { OneTimeLinksTable, UserRow } from '#server/db/schema.ts';
import { notFound, refusal } from '#server/errors.ts';
import { actorOf, hashToken } from '../auth/auth.service.ts';
import * as sessions from '../auth/sessions.repository.ts';
import * as users from '../auth/users.repository.ts';
import * as links from './links.repository.ts';
import { hashNewPassword } from './new-password.ts';

const HOUR = 3_600_000;

/** Whether any other owner than `userId` can still sign in. */
async function anotherActiveOwner(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every change that can leave the site without an owner runs one at a time: otherwise two owners demoting
 * or disabling each other at the same moment would each still see the other as an active owner, and both
 * changes would be made. SQLite's transactions hold the write lock from their BEGIN, so they already do;
 * PostgreSQL's read-committed transactions take this transaction-scoped lock first. Call it inside the
 * transaction, before the account is read.
 */
async function oneOwnerChangeAtATime(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('orbit:owners'))`.execute(trx);
}

/** The site always keeps an owner who can sign in: the last one is neither demoted, disabled nor deleted. */
async function assertNotLastOwner(db: Db, user: UserRow): Promise<void> {
  if (parseRole(user.role) === 'owner' && user.disabled_at === null && !(await anotherActiveOwner(db, user.id))) {
    throw refusal('staff/last-owner');
  }
}

const accountName = (user: Pick<UserRow, 'name' | 'email'>) =>
  user.name ? `${user.name} (${user.email})` : user.email;

/**
 * Staff accounts managed by owners from the browser, and the one-time links with which people set their
 * own password. No e-mail is sent: the owner copies the link and hands it over. Only the SHA-256 of a
 * link's token is stored; the token is returned once, to be shown to the owner.
 */
export function createStaffService(db: Db, clock: Clock) {
  const nowIso = () => clock.now().toISOString();

  async function findAccount(trx: Db, id: string): Promise<UserRow> {
    const user = await users.findUserById(trx, id);
    if (!user) throw notFound('account');
    return user;
  }

  /** A new link for `userId` (or the first owner); older links of the account become void. */
  async function newLink(trx: Db, purpose: OneTimeLinksTable['purpose'], userId: string | null): Promise<StaffLink> {
    if (userId) await links.deleteLinksOfUser(trx, userId);
    else await links.deleteFirstOwnerLinks(trx);
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const hours = purpose === 'first-owner' ? FIRST_OWNER_LINK_HOURS : STAFF_LINK_HOURS;
    const expiresAt = new Date(now.getTime() + hours * HOUR).toISOString();
    await links.insertLink(trx, {
      id: randomUUID(),
      token_hash: hashToken(token),
      purpose,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    });
    return { path: welcomePath(token), expiresAt };
  }

  async function usableLink(token: string) {
    const link = /^[A-Za-z0-9_-]{43}$/u.test(token)
      ? await links.findUsableLink(db, hashToken(token), nowIso())
      : undefined;
    if (!link) throw refusal('link/invalid');
    const user = link.user_id ? await users.findUserById(db, link.user_id) : undefined;
    if (link.user_id && (!user || user.disabled_at !== null)) throw refusal('link/invalid');
    return { link, user };
  }

  return {
    async list(): Promise<StaffAccount[]> {
      const [rows, expiries] = await Promise.all([
        db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email').execute(),
        links.usableLinkExpiries(db, nowIso()),
      ]);
      const linkOf = new Map(expiries.map((l) => [l.user_id, l.expires_at]));
      return rows.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: parseRole(u.role),
        lastSignInAt: u.last_sign_in_at,
        disabledAt: u.disabled_at,
        twoFactorOn: u.two_factor_enabled_at !== null,
        linkExpiresAt: linkOf.get(u.id) ?? null,
      }));
    },

    /** A new account without a password, and the link with which its person sets one. */
    async add(input: NewStaff): Promise<{ id: string; link: StaffLink }> {
      return db.transaction().execute(async (trx) => {
        if (await users.findUserByEmail(trx, input.email)) throw refusal('staff/email-taken');
        const id = randomUUID();
        const now = nowIso();
        await users.insertUser(trx, {
          id,
          email: input.email,
          name: input.name,
          role: input.role,
          // Nobody can sign in with it: the person sets a password with the link.
          password_hash: unmatchableHash(),
          disabled_at: null,
          last_sign_in_at: null,
          created_at: now,
          updated_at: now,
        });
        const link = await newLink(trx, 'welcome', id);
        await audit(trx, {
          kind: 'account-added',
          subject: `${accountName({ ...input, email: users.normaliseEmail(input.email) })}, ${ROLE_LABELS[input.role]}`,
        });
        return { id, link };
      });
    },

    async setRole(id: string, role: Role): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await oneOwnerChangeAtATime(trx);
        const user = await findAccount(trx, id);
        const was = parseRole(user.role);
        if (was === role) return;
        if (role !== 'owner') await assertNotLastOwner(trx, user);
        await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', id).execute();
        await audit(trx, {
          kind: 'account-changed',
          subject: `${accountName(user)}: ${ROLE_LABELS[was]} → ${ROLE_LABELS[role]}`,
        });
      });
    },

    /** Disabling ends the account's sessions and voids its links at once; enabling lets it sign in again. */
    async setDisabled(id: string, disabled: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await oneOwnerChangeAtATime(trx);
        const user = await findAccount(trx, id);
        if ((user.disabled_at !== null) === disabled) return;
        if (disabled) await assertNotLastOwner(trx, user);
        const now = nowIso();
        await trx
          .updateTable('users')
          .set({ disabled_at: disabled ? now : null, updated_at: now })
          .where('id', '=', id)
          .execute();
        if (disabled) {
          await sessions.deleteSessionsOfUser(trx, id);
          await links.deleteLinksOfUser(trx, id);
          await audit(trx, { kind: 'account-disabled', subject: accountName(user) });
        } else {
          await audit(trx, { kind: 'account-changed', subject: `${accountName(user)}: enabled` });
        }
      });
    },

    /** The old password stops working, the account's sessions end, and a new link replaces any older one. */
    async resetPassword(id: string): Promise<StaffLink> {
      return db.transaction().execute(async (trx) => {
        const user = await findAccount(trx, id);
        if (user.disabled_at !== null) throw refusal('staff/disabled');
        await users.updatePassword(trx, id, unmatchableHash(), nowIso());
        await sessions.deleteSessionsOfUser(trx, id);
        const link = await newLink(trx, 'reset', id);
        await audit(trx, { kind: 'password-changed', subject: `${accountName(user)}: reset, new one-time link made` });
        return link;
      });
    },

    async remove(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await oneOwnerChangeAtATime(trx);
        const user = await findAccount(trx, id);
        await assertNotLastOwner(trx, user);
        await links.deleteLinksOfUser(trx, id);
        await sessions.deleteSessionsOfUser(trx, id);
        await users.deleteUser(trx, id);
        await audit(trx, { kind: 'account-deleted', subject: accountName(user) });
      });
    },

    /** What a one-time link is for, or `link/invalid` (410) when it cannot be used. */
    async inspectLink(token: string): Promise<LinkInfo> {
      const { link, user } = await usableLink(token);
      return { purpose: link.purpose, email: user?.email ?? '', name: user?.name ?? '' };
    },

    /** Sets the password of the link's account (ending its sessions); the link cannot be used again. */
    async setPasswordWithLink(token: string, password: string): Promise<void> {
      const { link, user } = await usableLink(token);
      if (!user) throw refusal('link/invalid');
      const passwordHash = await hashNewPassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await links.markUsed(trx, link.id, nowIso()))) throw refusal('link/invalid');
        await users.updatePassword(trx, user.id, passwordHash, nowIso());
        await sessions.deleteSessionsOfUser(trx, user.id);
        await audit(trx, {
          kind: 'password-changed',
          subject: `${accountName(user)}: password set with a one-time link`,
          actor: actorOf(user),
        });
      });
    },

    /** The first owner of a fresh install, from the link printed at start-up; void once any account exists. */
    async createFirstOwner(token: string, input: FirstOwner): Promise<void> {
      const { link } = await usableLink(token);
      if (link.purpose !== 'first-owner') throw refusal('link/invalid');
      const passwordHash = await hashNewPassword(input.password);
      await db.transaction().execute(async (trx) => {
        if (!(await links.markUsed(trx, link.id, nowIso()))) throw refusal('link/invalid');
        if (await trx.selectFrom('users').select('id').executeTakeFirst()) throw refusal('link/invalid');
        const id = randomUUID();
        const now = nowIso();
        const email = users.normaliseEmail(input.email);
        await users.insertUser(trx, {
          id,
          email,
          name: input.name,
          role: 'owner',
          password_hash: passwordHash,
          disabled_at: null,
          last_sign_in_at: null,
          created_at: now,
          updated_at: now,
        });
        await audit(trx, {
          kind: 'account-added',
          subject: `${accountName({ name: input.name, email })}, Owner (first account)`,
          actor: { id, name: input.name },
        });
      });
    },

    /** On a fresh install (no account), a new link that creates the first owner; null when accounts exist. */
    async firstOwnerLink(): Promise<StaffLink | null> {
      return db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('users').select('id').executeTakeFirst()) return null;
        return newLink(trx, 'first-owner', null);
      });
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
