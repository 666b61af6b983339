import { randomBytes } from 'node:crypto';
import {
  INQUIRY_FORM_EXPIRED,
  INQUIRY_FORM_INVALID,
  INQUIRY_FORM_TIMING,
  INQUIRY_FORM_USED,
  INQUIRY_TOO_FAST,
  type InquiryFormToken,
} from '#common/inquiry.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest } from '#server/errors.ts';
import { reserve } from '#server/rate-limit/rate-limit.repository.ts';
import { type FormTokenClaims, newNonce, readFormToken, signFormToken } from './form-token.ts';
import { findSecret, insertSecretIfAbsent } from '#server/secrets/server-secrets.repository.ts';

const MIN_AGE_MS = INQUIRY_FORM_TIMING.minSeconds * 1000;
const MAX_AGE_MS = INQUIRY_FORM_TIMING.maxAgeHours * 3_600_000;

/**
 * A public form's signed opening time (the contact form's, `inquiry`, or the application's, `application`:
 * each form has its own secret and its own spent tokens). The key is a random secret kept in the database, made by
 * whichever process needs it first, so a form served by one process is accepted by any other, and the
 * form works without JavaScript (the token is a hidden field the server writes into the page).
 */
export function createFormTokens(db: Db, clock: Clock, form = 'inquiry') {
  const SECRET_NAME = `${form}-form-token`;
  let key: Promise<Buffer> | undefined;

  async function loadKey(): Promise<Buffer> {
    await insertSecretIfAbsent(db, SECRET_NAME, randomBytes(32).toString('base64url'), clock.now().toISOString());
    const stored = await findSecret(db, SECRET_NAME);
    if (!stored) throw new Error(`The server secret ${SECRET_NAME} could not be stored`);
    return Buffer.from(stored, 'base64url');
  }

  // The secret never changes once stored, so each process reads it once; a failed read is retried.
  const getKey = () =>
    (key ??= loadKey().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));

  return {
    async issue(): Promise<InquiryFormToken> {
      const issuedAt = clock.now().getTime();
      return {
        token: signFormToken(await getKey(), { issuedAt, nonce: newNonce() }),
        usableFrom: new Date(issuedAt + MIN_AGE_MS).toISOString(),
        expiresAt: new Date(issuedAt + MAX_AGE_MS).toISOString(),
      };
    },

    /** The claims of a token this server signed, old enough and not too old; throws 400 otherwise. */
    async check(token: string | undefined): Promise<FormTokenClaims> {
      const claims = token ? readFormToken(await getKey(), token) : null;
      if (!claims) throw badRequest(INQUIRY_FORM_INVALID.code, INQUIRY_FORM_INVALID.message);
      const age = clock.now().getTime() - claims.issuedAt;
      if (age < MIN_AGE_MS) throw badRequest(INQUIRY_TOO_FAST.code, INQUIRY_TOO_FAST.message);
      if (age > MAX_AGE_MS) throw badRequest(INQUIRY_FORM_EXPIRED.code, INQUIRY_FORM_EXPIRED.message);
      return claims;
    },

    /**
     * Uses the token up, atomically across processes, so one token sends one message however many
     * copies of it arrive together. Remembered until the token would have expired anyway.
     */
    async spend(claims: FormTokenClaims): Promise<void> {
      const now = clock.now();
      const remainingMs = Math.max(1000, claims.issuedAt + MAX_AGE_MS - now.getTime());
      const taken = await reserve(db, `${form}:form:${claims.nonce}`, 1, remainingMs, now);
      if (!taken) throw badRequest(INQUIRY_FORM_USED.code, INQUIRY_FORM_USED.message);
    },
  };
}
export type FormTokens = ReturnType<typeof createFormTokens>;
