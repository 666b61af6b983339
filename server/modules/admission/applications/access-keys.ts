import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCESS_KEY_ALPHABET, ACCESS_KEY_LENGTH, readAccessKey } from '#common/admission/access-key.ts';

/** A new access key, plain: every character drawn from the CSPRNG (5 bits each, 140 in all). */
export function newAccessKey(): string {
  let key = '';
  for (let i = 0; i < ACCESS_KEY_LENGTH; i++) key += ACCESS_KEY_ALPHABET[randomInt(ACCESS_KEY_ALPHABET.length)];
  return key;
}

/**
 * What is stored of a key: its SHA-256. A key has 140 random bits, so a fast hash is enough (no dictionary
 * to try); a copy of the database or a backup does not hold a key that opens an application.
 */
export const accessKeyHash = (plain: string): string => createHash('sha256').update(plain).digest('hex');

/** Whether `typed` is the key whose hash is `storedHash` (never for an application without a key). */
export function accessKeyMatches(typed: string, storedHash: string): boolean {
  const plain = readAccessKey(typed);
  if (!plain || storedHash.length !== 64) return false;
  return timingSafeEqual(Buffer.from(accessKeyHash(plain), 'hex'), Buffer.from(storedHash, 'hex'));
}
