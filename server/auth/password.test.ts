import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HASHING_LIMITS,
  PasswordHashingBusyError,
  SCRYPT_PARAMS,
  hashPassword,
  passwordHashingStats,
  scryptParams,
  unmatchableHash,
  verifyPassword,
} from './password.ts';

/** A stored hash with small parameters: verifying it is quick, and it queues for a slot like any other. */
const cheapHash = () =>
  ['scrypt', 2 ** 10, 8, 1, randomBytes(16).toString('base64url'), randomBytes(32).toString('base64url')].join('$');

describe('password hashing', () => {
  it('makes an unmatchable hash with the current parameters that no password matches', async () => {
    const hash = unmatchableHash();
    const { N, r, p } = scryptParams();
    expect(hash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[\\w-]{22}\\$[\\w-]{43}$`, 'u'));
    expect(hash).not.toBe(unmatchableHash());
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('hashes at the production cost unless a test asks for the test cost, and never outside NODE_ENV=test', async () => {
    const saved = { cost: process.env.PASSWORD_HASH_COST, mode: process.env.NODE_ENV };
    try {
      delete process.env.PASSWORD_HASH_COST;
      expect(scryptParams()).toEqual(SCRYPT_PARAMS);
      expect(SCRYPT_PARAMS).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
      const hash = await hashPassword('a-very-long-password');
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/u);
      expect(await verifyPassword('a-very-long-password', hash)).toBe(true);
      expect(await verifyPassword('a-very-long-passworD', hash)).toBe(false);

      process.env.PASSWORD_HASH_COST = 'test';
      process.env.NODE_ENV = 'production';
      expect(scryptParams()).toEqual(SCRYPT_PARAMS);
      process.env.NODE_ENV = 'test';
      expect(scryptParams().N).toBe(2 ** 10);
    } finally {
      if (saved.cost === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = saved.cost;
      process.env.NODE_ENV = saved.mode;
    }
  });

  it('runs two derivations at once, queues a few, and refuses the rest at once without hashing', async () => {
    const capacity = HASHING_LIMITS.concurrent + HASHING_LIMITS.queued;
    const before = passwordHashingStats();
    const checks = Array.from({ length: capacity + 3 }, () => verifyPassword('guess', cheapHash()));
    const during = passwordHashingStats();
    expect(during.running).toBe(HASHING_LIMITS.concurrent);
    expect(during.queued).toBe(HASHING_LIMITS.queued);
    expect(during.refused - before.refused).toBe(3);

    const outcomes = await Promise.allSettled(checks);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const o of refused) expect(o.reason).toBeInstanceOf(PasswordHashingBusyError);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === false)).toHaveLength(capacity);

    const after = passwordHashingStats();
    expect(after.verifications - before.verifications).toBe(capacity);
    expect([after.running, after.queued]).toEqual([0, 0]);
  });
});
