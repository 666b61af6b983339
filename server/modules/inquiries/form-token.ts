import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a form token says: when the form was made, and a random value that makes it single-use. */
export interface FormTokenClaims {
  issuedAt: number;
  nonce: string;
}

const TOKEN_PATTERN = /^([0-9a-z]{1,11})\.([\w-]{22})\.([\w-]{43})$/u;

const mac = (key: Buffer, issuedAt36: string, nonce: string): Buffer =>
  createHmac('sha256', key).update(`inquiry-form.${issuedAt36}.${nonce}`).digest();

export const newNonce = (): string => randomBytes(16).toString('base64url');

/** `issuedAt(base 36).nonce.HMAC-SHA256`: readable by the server only, forgeable only with the key. */
export function signFormToken(key: Buffer, { issuedAt, nonce }: FormTokenClaims): string {
  const issuedAt36 = issuedAt.toString(36);
  return `${issuedAt36}.${nonce}.${mac(key, issuedAt36, nonce).toString('base64url')}`;
}

/** The token's claims when `key` signed it, or null for anything else (malformed, altered, forged). */
export function readFormToken(key: Buffer, token: string): FormTokenClaims | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, issuedAt36, nonce, signature] = match as unknown as [string, string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, issuedAt36, nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { issuedAt: parseInt(issuedAt36, 36), nonce };
}
