import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A phone's clock may be one step ahead or behind. */
const DRIFT_STEPS = 1;

/**
 * The code generator of a secret. `issuer` is the name the authenticator app shows beside the account (the
 * college's, at enrolment); it never changes the codes. A colon separates issuer and account in the
 * otpauth:// label, so none is kept in the name.
 */
const totpFor = (secretBase32: string, label = '', issuer = '') =>
  new TOTP({
    issuer: issuer.replace(/\s*:\s*/gu, ' ').trim(),
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret, in base32 (what the apps read). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secretBase32: string): string => secretBase32.replace(/(.{4})(?=.)/gu, '$1 ');

/** The otpauth:// address the QR code holds, naming the college (`issuer`) and the account. */
export const totpUri = (secretBase32: string, account: string, issuer: string): string =>
  totpFor(secretBase32, account, issuer).toString();

export const timeStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code for a time (for the tests and the benchmark, which play the authenticator app). */
export const totpCode = (secretBase32: string, nowMs: number): string =>
  totpFor(secretBase32).generate({ timestamp: nowMs });

/**
 * The time step a 6-digit code belongs to, within one step of now, or null. A step at or before
 * `lastUsedStep` is refused: each code signs in once.
 */
export function matchTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  const token = code.replace(/\s/gu, '');
  if (!/^\d{6}$/u.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: nowMs, window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = timeStep(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes such as 'k7pm-3xqa-9trw' (about 70 bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(12)].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes), normalised, or null when it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/gu, '');
  return /^[a-z0-9]{12}$/u.test(plain) ? plain : null;
}

/** Recovery codes are long random strings, so a plain SHA-256 is enough to keep them unreadable. */
export const hashRecoveryCode = (normalised: string): string => createHash('sha256').update(normalised).digest('hex');
