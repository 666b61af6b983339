import { randomBytes, randomUUID } from 'node:crypto';
import { FULL_ROLE } from '#common/policy.ts';
import { type Role, parseRole } from '#common/roles.ts';
import {
  FIRST_OWNER_LINK_HOURS,
  type FirstOwner,
  type ForgotPassword,
  type LinkInfo,
  type NewStaff,
  RESET_LINK_MINUTES,
  RESET_REQUESTS_PER_HOUR,
  STAFF_LINK_HOURS,
  type StaffAccount,
  type StaffLink,
  welcomePath,
} from '#common/accounts/staff.ts';
import { isEmailAddress } from '#common/email.ts';
import { waitWords } from '#common/accounts/sign-in-message.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { type Clock, isoAfter } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { OneTimeLinksTable } from '#server/db/schema.ts';
import { refusal, tooManyRequests } from '#server/errors.ts';
import { limitKeyOf } from '#server/rate-limit/client-key.ts';
import { peek, release, reserve } from '#server/rate-limit/rate-limit.repository.ts';
import { accountName, type AccountsService, atDoor, hashToken, normaliseEmail } from '../auth/index.ts';
import * as links from './links.repository.ts';
import { enqueue, HELD_BACK, passwordResetMail, staffLinkMail, takePublicAllowance } from '../outbox/index.ts';
import { readMessageFrom } from '../content/index.ts';

const HOUR = 3_600_000;

export interface StaffOptions {
  /** The site's address, before the path of a link sent by e-mail. */
  siteUrl?: string;
  /**
   * Whether e-mail can leave now (SMTP_URL, or the SMTP server an owner saved in the admin): 'Forgot your
   * password?' sends its link only by e-mail. Asked at each request: the admin's settings change while the server runs.
   */
  emailReady?: () => Promise<boolean>;
  /** Called after a commit that queued a message (wakes the outbox's sender). */
  queued?: () => void;
}

/**
 * Staff accounts managed by owners from the browser, and the one-time links with which people set their
 * own password. No e-mail is sent: the owner copies the link and hands it over. Only the SHA-256 of a
 * link's token is stored; the token is returned once, to be shown to the owner. The accounts themselves,
 * and their rules (passwords, the last owner), are the accounts service's.
 */
export function createStaffService(
  db: Db,
  clock: Clock,
  accounts: AccountsService,
  { siteUrl = '', emailReady = async () => false, queued = () => {} }: StaffOptions = {},
) {
  /**
   * Writes the link's e-mail to the outbox in the transaction that made the link, so the person gets
   * exactly the link that works. The owner still sees it to copy.
   */
  async function emailLink(trx: Db, to: { id: string; email: string; name: string }, link: StaffLink): Promise<void> {
    await enqueue(trx, {
      channel: 'email',
      recipient: to.email,
      language: 'en',
      ...staffLinkMail(
        await readMessageFrom(trx, 'en', siteUrl),
        to.name || to.email,
        `${siteUrl}${link.path}`,
        STAFF_LINK_HOURS,
      ),
      event: `staff-link:${to.id}`,
      at: clock.now(),
    });
  }

  /** A new link for `userId` (or the first owner); older links of the account become void. */
  async function newLink(
    trx: Db,
    purpose: OneTimeLinksTable['purpose'],
    userId: string | null,
    lifetimeMs = (purpose === 'first-owner' ? FIRST_OWNER_LINK_HOURS : STAFF_LINK_HOURS) * HOUR,
  ): Promise<StaffLink> {
    if (userId) await links.deleteLinksOfUser(trx, userId);
    else await links.deleteFirstOwnerLinks(trx);
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = isoAfter(now, lifetimeMs);
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
      ? await links.findUsableLink(db, hashToken(token), clock.now().toISOString())
      : undefined;
    if (!link) throw refusal('link/invalid');
    const user = link.user_id ? await accounts.findById(link.user_id) : undefined;
    if (link.user_id && (!user || user.disabled_at !== null)) throw refusal('link/invalid');
    return { link, user };
  }

  /** Marks the link used in the change's transaction: of two requests racing with it, one changes the account. */
  const useLink = (id: string) => async (trx: Db) => {
    if (!(await links.markUsed(trx, id, clock.now().toISOString()))) throw refusal('link/invalid');
  };

  /**
   * Takes one of the reset links an hour of the client address and of the typed address (counted whether or
   * not it names an account, so the limit tells nothing either), or refuses with 429 and the wait. An IPv6
   * client counts by its /64 (limitKeyOf), all of which one subscriber has.
   */
  async function takeResetAllowance(email: string, address: string): Promise<void> {
    const now = clock.now();
    const addressKey = `reset:ip:${limitKeyOf(address)}`;
    const byAddress = await reserve(db, addressKey, RESET_REQUESTS_PER_HOUR.address, HOUR, now);
    const accountKey = `reset:account:${email}`;
    const byAccount = byAddress && (await reserve(db, accountKey, RESET_REQUESTS_PER_HOUR.account, HOUR, now));
    if (byAddress && byAccount) return;
    if (byAddress) await release(db, addressKey, byAddress);
    const { resetAt } = await peek(db, byAddress ? accountKey : addressKey, now);
    const seconds = (resetAt.getTime() - now.getTime()) / 1000;
    throw tooManyRequests(
      'reset/too-many-requests',
      `Too many password reset links were asked for. Try again in ${waitWords(seconds)}.`,
      seconds,
    );
  }

  return {
    /** Whether 'Forgot your password?' can send its link (e-mail is set up). */
    resetByEmail: emailReady,

    async list(actor: Actor): Promise<StaffAccount[]> {
      authorize(actor, 'staff.manage');
      const [rows, expiries] = await Promise.all([
        accounts.all(),
        links.usableLinkExpiries(db, clock.now().toISOString()),
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
    async add(
      actor: Actor,
      input: NewStaff,
      options: { email?: boolean } = {},
    ): Promise<{ id: string; link: StaffLink }> {
      authorize(actor, 'staff.manage');
      let link: StaffLink | undefined;
      const id = await accounts.create(actor, input.email, null, {
        name: input.name,
        role: input.role,
        after: async (trx, newId) => {
          link = await newLink(trx, 'welcome', newId);
          if (options.email) await emailLink(trx, { id: newId, ...input }, link);
        },
      });
      return { id, link: link! };
    },

    async setRole(actor: Actor, id: string, role: Role): Promise<void> {
      authorize(actor, 'staff.manage');
      await accounts.setRole(actor, id, role);
    },

    /** Disabling ends the account's sessions and voids its links at once; enabling lets it sign in again. */
    async setDisabled(actor: Actor, id: string, disabled: boolean): Promise<void> {
      authorize(actor, 'staff.manage');
      await accounts.setDisabled(actor, id, disabled, (trx) => links.deleteLinksOfUser(trx, id));
    },

    /** The old password stops working, the account's sessions end, and a new link replaces any older one. */
    async resetPassword(actor: Actor, id: string, options: { email?: boolean } = {}): Promise<StaffLink> {
      authorize(actor, 'staff.manage');
      let link: StaffLink | undefined;
      const user = options.email ? await accounts.findById(id) : undefined;
      await accounts.clearPassword(actor, id, async (trx) => {
        link = await newLink(trx, 'reset', id);
        if (user) await emailLink(trx, user, link);
      });
      return link!;
    },

    /** Never the last owner who can sign in; the account's sessions and one-time links go with it. */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'staff.manage');
      await accounts.remove(actor, id, (trx) => links.deleteLinksOfUser(trx, id));
    },

    /**
     * 'Forgot your password?' from the sign-in page. The person at the door gets the same answer whether or
     * not the address names an account that can sign in, and the server does nearly the same work either way
     * (the allowance, the look-up, a transaction with its audit entry; no mail server is ever waited for);
     * only an enabled account gets a reset link (two more rows in that transaction),
     * by e-mail in the language chosen, valid once for RESET_LINK_MINUTES. The old password keeps working
     * until the link is used (a stranger asking cannot lock anyone out); using it ends every session of the
     * account, and two-factor, when on, still asks for its code at the next sign-in.
     */
    async forgotPassword(input: ForgotPassword, address: string): Promise<void> {
      if (!(await emailReady())) throw refusal('reset/no-email');
      if (!isEmailAddress(input.email)) throw refusal('auth/invalid-email');
      const email = normaliseEmail(input.email);
      await takeResetAllowance(email, address);
      const user = await accounts.findByEmail(email);
      const account = user && user.disabled_at === null ? user : undefined;
      const door: AccountAtDoor = { kind: 'account', id: account?.id ?? null, name: account?.name ?? '', address };
      await db.transaction().execute(async (trx) => {
        let sent = '';
        if (account) {
          const now = clock.now();
          const message = { channel: 'email' as const, recipient: account.email, language: input.language };
          const event = `password-reset:${account.id}`;
          const name = account.name || account.email;
          const from = await readMessageFrom(trx, input.language, siteUrl);
          // Anyone may ask for any address: past the day's few (public-messages.ts), no link is made (the
          // account's last one still works) and the e-mail is held back for the office to see.
          if (await takePublicAllowance(trx, 'email', account.email, now)) {
            const link = await newLink(trx, 'reset', account.id, RESET_LINK_MINUTES * 60_000);
            const mail = passwordResetMail(from, name, `${siteUrl}${link.path}`, link.expiresAt);
            await enqueue(trx, { ...message, ...mail, event, at: now });
            sent = 'sent by e-mail';
          } else {
            const { subject } = passwordResetMail(from, name, '', now.toISOString());
            await enqueue(trx, { ...message, subject, text: '', event, at: now }, HELD_BACK.email);
            sent = 'held back: too many e-mails to this address today, no link made';
          }
        }
        const subject = account
          ? `${accountName(account)}: reset link asked for on the sign-in page, ${sent}`
          : `${email}: reset link asked for on the sign-in page; no account that can sign in, nothing sent`;
        await audit(trx, door, { kind: 'password-reset-asked', subject }, clock.now());
      });
      if (account) queued();
    },

    /** What a one-time link is for, or `link/invalid` (410) when it cannot be used. */
    async inspectLink(token: string): Promise<LinkInfo> {
      const { link, user } = await usableLink(token);
      return { purpose: link.purpose, email: user?.email ?? '', name: user?.name ?? '' };
    },

    /** Sets the password of the link's account (ending its sessions); the link cannot be used again. */
    async setPasswordWithLink(token: string, password: string, address: string): Promise<void> {
      const { link, user } = await usableLink(token);
      if (!user) throw refusal('link/invalid');
      await accounts.setPassword(atDoor(user, address), user.id, password, {
        within: useLink(link.id),
        subject: (u) => `${accountName(u)}: password set with a one-time link`,
      });
    },

    /**
     * The first owner of a fresh install, from the link printed at start-up: its id. Refused once any account
     * exists. `also` writes more in the account's own transaction, as the new owner (the first run's college).
     */
    async createFirstOwner(
      token: string,
      input: FirstOwner,
      address: string,
      also?: (trx: Db, owner: AccountAtDoor & { id: string }) => Promise<void>,
    ): Promise<string> {
      const { link } = await usableLink(token);
      if (link.purpose !== 'first-owner') throw refusal('link/invalid');
      const firstOwner = (id: string): AccountAtDoor & { id: string } => ({
        kind: 'account',
        id,
        name: input.name,
        address,
      });
      return accounts.create(firstOwner, input.email, input.password, {
        name: input.name,
        role: FULL_ROLE,
        before: async (trx) => {
          await useLink(link.id)(trx);
          if (await accounts.any(trx)) throw refusal('link/invalid');
        },
        subject: (account) => `${accountName(account)}, Owner (first account)`,
        ...(also ? { after: (trx: Db, id: string) => also(trx, firstOwner(id)) } : {}),
      });
    },

    /** On a fresh install (no account), a new link that creates the first owner; null when accounts exist. */
    async firstOwnerLink(): Promise<StaffLink | null> {
      return db.transaction().execute(async (trx) => {
        if (await accounts.any(trx)) return null;
        return newLink(trx, 'first-owner', null);
      });
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
