import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { audit } from '#server/audit/audit.ts';
import { type Actor, type StaffActor, authorize } from '#server/auth/actor.ts';
import { verifyPassword } from '#server/auth/password.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { UserRow } from '#server/db/schema.ts';
import { refusal } from '#server/errors.ts';
import { findSecret, insertSecretIfAbsent } from '#server/secrets/server-secrets.repository.ts';
import { UserAdminError } from '../auth.service.ts';
import type { LoginThrottle } from '../login-throttle.ts';
import { findUserByEmail, findUserById } from '../users.repository.ts';
import { readCollegeName } from '../../content/index.ts';
import * as repo from './two-factor.repository.ts';
import { openSecret, sealSecret, twoFactorKey } from './secret-box.ts';
import {
  groupedSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpUri,
} from './totp.ts';

const KEY_NAME = 'two-factor-key';

export interface TwoFactorSetup {
  /** The secret in groups of four, for typing into an app by hand. */
  secret: string;
  /** A QR code of the otpauth:// address, as an SVG document made here (no outside service). */
  qrSvg: string;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** An owner has required two-factor sign-in of every account. */
  required: boolean;
  recoveryCodesLeft: number;
}

/**
 * TOTP two-factor sign-in. The secret is sealed with AES-256-GCM under a key derived from a random server
 * secret (server_secrets, made by the first process that needs it): a copy of the users table alone does
 * not give the secrets away. The key lives in the same database, so a dump of the whole database does.
 */
export function createTwoFactorService(db: Db, clock: Clock, throttle: LoginThrottle) {
  let key: Promise<Buffer> | undefined;
  const getKey = () =>
    (key ??= (async () => {
      await insertSecretIfAbsent(db, KEY_NAME, randomBytes(32).toString('base64url'), clock.now().toISOString());
      const stored = await findSecret(db, KEY_NAME);
      if (!stored) throw new Error(`The server secret ${KEY_NAME} could not be stored`);
      return twoFactorKey(Buffer.from(stored, 'base64url'));
    })().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));

  async function mustFind(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw refusal('auth/unauthenticated');
    return user;
  }

  /** A 6-digit code of the account's secret not used before; records its step so it cannot be used again. */
  async function useTotp(user: UserRow, code: string, trx: Db = db): Promise<boolean> {
    if (!user.two_factor_secret) return false;
    const secret = openSecret(await getKey(), user.two_factor_secret, user.id);
    const step = matchTotp(secret, code, clock.now().getTime(), user.two_factor_last_step);
    return step !== null && (await repo.claimStep(trx, user.id, step));
  }

  async function useRecovery(user: UserRow, code: string, trx: Db = db): Promise<boolean> {
    const normalised = normaliseRecoveryCode(code);
    if (!normalised) return false;
    return repo.useRecoveryCode(trx, user.id, hashRecoveryCode(normalised), clock.now().toISOString());
  }

  async function setupOf(secret: string, email: string): Promise<TwoFactorSetup> {
    const issuer = (await readCollegeName(db)).en;
    const qrSvg = await QRCode.toString(totpUri(secret, email, issuer), {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    return { secret: groupedSecret(secret), qrSvg };
  }

  return {
    async status(actor: StaffActor): Promise<TwoFactorStatus> {
      authorize(actor, 'account.own');
      const userId = actor.userId;
      const user = await mustFind(userId);
      return {
        enabled: user.two_factor_enabled_at !== null,
        required: await repo.isTwoFactorRequired(db),
        recoveryCodesLeft: user.two_factor_enabled_at ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    /** A new secret to set up, kept aside until the first code confirms it; two-factor is not on yet. */
    async begin(actor: StaffActor): Promise<TwoFactorSetup> {
      authorize(actor, 'account.own');
      const user = await mustFind(actor.userId);
      const secret = newTotpSecret();
      await repo.setPendingSecret(db, user.id, sealSecret(await getKey(), secret, user.id));
      return setupOf(secret, user.email);
    },

    /**
     * The setup begun and not yet confirmed, shown again (the QR code and the secret) when the page is
     * loaded between the two steps; null when none is waiting or two-factor is already on.
     */
    async pendingSetup(actor: StaffActor): Promise<TwoFactorSetup | null> {
      authorize(actor, 'account.own');
      const user = await mustFind(actor.userId);
      if (!user.two_factor_pending_secret || user.two_factor_enabled_at) return null;
      return setupOf(openSecret(await getKey(), user.two_factor_pending_secret, user.id), user.email);
    },

    /** Forgets a setup begun and not confirmed; two-factor stays as it was. */
    async cancelSetup(actor: StaffActor): Promise<void> {
      authorize(actor, 'account.own');
      await repo.setPendingSecret(db, (await mustFind(actor.userId)).id, null);
    },

    /** The first code from the app turns two-factor on; the answer holds the 10 recovery codes, shown once. */
    async confirm(actor: StaffActor, code: string): Promise<{ recoveryCodes: string[] }> {
      authorize(actor, 'account.own');
      const user = await mustFind(actor.userId);
      if (!user.two_factor_pending_secret) throw refusal('two-factor/not-started');
      const secret = openSecret(await getKey(), user.two_factor_pending_secret, user.id);
      const step = matchTotp(secret, code, clock.now().getTime(), null);
      if (step === null) throw refusal('two-factor/wrong-code');
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await repo.turnOn(trx, user.id, user.two_factor_pending_secret!, step, clock.now().toISOString());
        await repo.replaceRecoveryCodes(
          trx,
          user.id,
          recoveryCodes.map((c) => hashRecoveryCode(normaliseRecoveryCode(c)!)),
        );
        await audit(trx, actor, { kind: 'two-factor-changed', subject: `${user.email}: turned on` }, clock.now());
      });
      return { recoveryCodes };
    },

    /**
     * Turns it off with the account's password, a current code or a recovery code as proof, checked as a
     * sign-in attempt from `ip` (the same limits: too many wrong proofs are refused with 429 unchecked).
     */
    async disable(actor: StaffActor, proof: string): Promise<void> {
      authorize(actor, 'account.own');
      const ip = actor.address;
      const user = await mustFind(actor.userId);
      if (!user.two_factor_enabled_at) return;
      const proven = await throttle.check(
        user.email,
        ip,
        async () =>
          (proof.length > 0 && (await verifyPassword(proof, user.password_hash))) ||
          (await useTotp(user, proof)) ||
          (await useRecovery(user, proof)),
      );
      if (!proven) throw refusal('two-factor/wrong-proof');
      await db.transaction().execute(async (trx) => {
        if (await repo.turnOff(trx, user.id)) {
          await audit(trx, actor, { kind: 'two-factor-changed', subject: `${user.email}: turned off` }, clock.now());
        }
      });
    },

    /** `npm run admin -- reset-2fa EMAIL`: for a person locked out of their app. */
    async resetByEmail(actor: Actor, email: string): Promise<{ wasOn: boolean }> {
      authorize(actor, 'staff.manage');
      const user = await findUserByEmail(db, email);
      if (!user) throw new UserAdminError(`No admin with e-mail ${email}.`);
      const wasOn = await db.transaction().execute(async (trx) => {
        const changed = await repo.turnOff(trx, user.id);
        if (changed) {
          const subject = `${user.email}: turned off${actor.kind === 'command-line' ? ' from the command line' : ''}`;
          await audit(trx, actor, { kind: 'two-factor-changed', subject }, clock.now());
        }
        return changed;
      });
      return { wasOn };
    },

    isRequired: () => repo.isTwoFactorRequired(db),

    /** Whether an owner requires two-factor sign-in and this account has not turned it on: it must first. */
    async mustSetUp(userId: string): Promise<boolean> {
      if (!(await repo.isTwoFactorRequired(db))) return false;
      return ((await findUserById(db, userId))?.two_factor_enabled_at ?? null) === null;
    },

    async setRequired(actor: Actor, required: boolean): Promise<void> {
      authorize(actor, 'staff.manage');
      await db.transaction().execute(async (trx) => {
        await repo.setTwoFactorRequired(trx, required, clock.now().toISOString());
        const subject = required ? 'Required for every account' : 'No longer required for every account';
        await audit(trx, actor, { kind: 'two-factor-changed', subject }, clock.now());
      });
    },

    /** At sign-in: a 6-digit code (each used once, one step of drift) or an unused recovery code. */
    async verifySignInCode(user: UserRow, code: string): Promise<boolean> {
      return (await useTotp(user, code)) || (await useRecovery(user, code));
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
