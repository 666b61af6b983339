import { type ScryptOptions, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Memory-hard parameters; they are written into every hash so they can be raised later. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 32 } as const;

/**
 * A test-only cost (1 MiB, about a millisecond) for the unit and API tests, which sign in hundreds of
 * times: at the production cost the hashing was half of their time. Chosen by PASSWORD_HASH_COST=test
 * (vitest.config.ts) and honoured only while NODE_ENV is 'test', which no server start sets (server/env.ts
 * defaults to production): a site never hashes at this cost. `npm run admin` is tested at the real cost.
 */
const TEST_SCRYPT_PARAMS = { N: 2 ** 10, r: 8, p: 1, keyLength: 32 } as const;

/** The parameters new hashes are made with. */
export function scryptParams(): { N: number; r: number; p: number; keyLength: number } {
  const testCost = process.env.NODE_ENV === 'test' && process.env.PASSWORD_HASH_COST === 'test';
  return testCost ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}

/**
 * scrypt runs on libuv's thread pool (4 threads by default), which the file system and compression
 * share, and each derivation holds 128 MiB. So at most two run at once, a few more wait their turn, and
 * anything beyond is refused at once rather than queued without bound behind a sign-in storm.
 */
export const HASHING_LIMITS = { concurrent: 2, queued: 8 } as const;

/** Thrown instead of hashing when the hashing slots and their queue are all taken. */
export class PasswordHashingBusyError extends Error {
  override name = 'PasswordHashingBusyError';
  constructor() {
    super('Too many password hashes at once');
  }
}

let running = 0;
const waiting: (() => void)[] = [];
const counters = { verifications: 0, refused: 0 };

async function withHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASHING_LIMITS.concurrent) {
    running += 1;
  } else if (waiting.length < HASHING_LIMITS.queued) {
    // The finishing holder hands its slot straight to us, so `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    counters.refused += 1;
    throw new PasswordHashingBusyError();
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** This process's hashing load and totals: how many password checks really ran, how many were refused. */
export function passwordHashingStats(): { running: number; queued: number; verifications: number; refused: number } {
  return { running, queued: waiting.length, ...counters };
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url), so verification reads the parameters it was made with. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength } = scryptParams();
  const salt = randomBytes(16);
  const key = await withHashingSlot(() => derive(password, salt, N, r, p, keyLength));
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A well-formed hash with today's parameters that no password matches (its key is random, not derived),
 * so checking a password against it costs exactly what checking a real one costs.
 */
export function unmatchableHash(): string {
  const { N, r, p, keyLength } = scryptParams();
  const random = (bytes: number) => randomBytes(bytes).toString('base64url');
  return ['scrypt', N, r, p, random(16), random(keyLength)].join('$');
}

/** Throws PasswordHashingBusyError, without checking, when the hashing slots and queue are full. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) throw new Error('Unrecognised password hash format');
  const expected = Buffer.from(hash, 'base64url');
  const actual = await withHashingSlot(() => {
    counters.verifications += 1;
    return derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  });
  return timingSafeEqual(actual, expected);
}
