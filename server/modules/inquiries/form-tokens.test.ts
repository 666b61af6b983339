import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '#server/test-support/test-app.ts';
import { newNonce, readFormToken, signFormToken } from './form-token.ts';
import { createFormTokens } from './form-tokens.ts';
import { systemClock } from '#server/clock.ts';

const { db, cleanup } = await createTestDb();
afterAll(cleanup);
afterEach(() => vi.useRealTimers());

describe('form token signing', () => {
  const key = randomBytes(32);
  const claims = { issuedAt: Date.parse('2026-11-24T09:00:00.000Z'), nonce: newNonce() };

  it('reads back what it signed', () => {
    expect(readFormToken(key, signFormToken(key, claims))).toEqual(claims);
  });

  it('refuses a token signed with another key, or with any part changed', () => {
    const token = signFormToken(key, claims);
    expect(readFormToken(randomBytes(32), token)).toBeNull();
    const [time, nonce, mac] = token.split('.') as [string, string, string];
    expect(readFormToken(key, [(claims.issuedAt - 1).toString(36), nonce, mac].join('.'))).toBeNull();
    expect(readFormToken(key, [time, newNonce(), mac].join('.'))).toBeNull();
    expect(readFormToken(key, `${token}x`)).toBeNull();
    expect(readFormToken(key, '')).toBeNull();
  });
});

describe('form tokens across processes', () => {
  it('agree on one secret made on first use, so a form from one process is accepted by another', async () => {
    // Two processes starting together on an empty database: each makes a candidate secret, one is kept.
    const [first, second] = [createFormTokens(db, systemClock), createFormTokens(db, systemClock)];
    const [fromFirst, fromSecond] = await Promise.all([first.issue(), second.issue()]);
    expect(await db.selectFrom('server_secrets').select('name').execute()).toEqual([{ name: 'inquiry-form-token' }]);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(fromFirst.usableFrom) + 1000 });
    const third = createFormTokens(db, systemClock);
    for (const [checker, token] of [
      [second, fromFirst.token],
      [first, fromSecond.token],
      [third, fromFirst.token],
    ] as const) {
      await expect(checker.check(token)).resolves.toMatchObject({ nonce: token.split('.')[1] });
    }
  });

  it('spends a token once, however many copies arrive together', async () => {
    const tokens = createFormTokens(db, systemClock);
    const claims = { issuedAt: Date.now(), nonce: newNonce() };
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => tokens.spend(claims)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) {
      expect(o.reason).toMatchObject({ statusCode: 400, code: 'inquiry/form-used' });
    }
  });
});
