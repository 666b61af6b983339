import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HASHING_LIMITS, passwordHashingStats } from '#server/auth/password.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

// The defaults of LOGIN_MAX_FAILURES_PER_IP and LOGIN_MAX_FAILURES_PER_ACCOUNT.
const PER_IP = 20;
const PER_ACCOUNT = 5;
const EMAIL = 'office@orbit.test';
const PASSWORD = 'correct-horse-battery';

// What the hashing slots let through depends on how long a hash takes: this file hashes at the production cost,
// not the test-only one the other tests use (vitest.config.ts), or a burst's hashes end before it has all arrived.
const testCost = process.env.PASSWORD_HASH_COST;
beforeAll(() => {
  delete process.env.PASSWORD_HASH_COST;
});
afterAll(() => {
  if (testCost !== undefined) process.env.PASSWORD_HASH_COST = testCost;
});

const t = await createTestApp();
afterAll(() => t.close());
beforeAll(() => t.services.users.create(COMMAND_LINE_ACTOR, EMAIL, PASSWORD));
beforeEach(() => t.db.deleteFrom('rate_limits').execute());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function login(email: string, password: string, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: t.env.siteUrl },
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** Password checks that really ran (scrypt derivations) while `run` went on. */
async function countChecks<T>(run: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const before = passwordHashingStats().verifications;
  const result = await run();
  return { result, checks: passwordHashingStats().verifications - before };
}

/** The highest hashing load seen, sampled on every turn of the event loop until `stop`. */
function watchHashingLoad() {
  const peak = { running: 0, queued: 0, stop: () => clearInterval(timer) };
  const sample = () => {
    const { running, queued } = passwordHashingStats();
    peak.running = Math.max(peak.running, running);
    peak.queued = Math.max(peak.queued, queued);
  };
  const timer = setInterval(sample, 0);
  return peak;
}

/** 50 attempts at once; the answers' status codes, counted. */
async function burst(attempt: (i: number) => ReturnType<typeof login>) {
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(i)));
  const statuses: Record<number, number> = {};
  for (const answer of answers) statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
  for (const answer of answers.filter((a) => a.statusCode === 429)) {
    expect(answer.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }
  return statuses;
}

/** Bursts until one checks nothing more: the total is everything the throttle ever let through. */
async function stormUntilRefused(attempt: (i: number) => ReturnType<typeof login>) {
  let total = 0;
  let unauthorized = 0;
  for (let round = 0; round < 10; round++) {
    const { result: statuses, checks } = await countChecks(() => burst(attempt));
    expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['429']));
    expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(50);
    // Every 401 is a checked password; nothing else was checked.
    expect(checks).toBe(statuses[401] ?? 0);
    total += checks;
    unauthorized += statuses[401] ?? 0;
    if (checks === 0) break;
  }
  return { total, unauthorized };
}

describe('sign-in storms', () => {
  it(`checks at most ${PER_IP} passwords from one address however many arrive at once; the rest get 429`, async () => {
    const ip = freshIp();
    const peak = watchHashingLoad();
    const { result: first, checks } = await countChecks(() =>
      burst((i) => login(`guess${i}@orbit.test`, 'wrong-password', ip)),
    );
    peak.stop();
    // The hashing slots and their short queue take a part of the burst; the rest is refused at once. How many
    // are checked depends on how fast the hashes end while the burst arrives (the database's answers come
    // between), so what is asserted is the load at any moment, not the count.
    expect(peak.running).toBeGreaterThan(0);
    expect(peak.running).toBeLessThanOrEqual(HASHING_LIMITS.concurrent);
    expect(peak.queued).toBeLessThanOrEqual(HASHING_LIMITS.queued);
    expect(first[429]).toBeGreaterThan(0);
    expect(first[401]).toBe(checks);
    expect(first[429]).toBe(50 - checks);

    const rest = await stormUntilRefused((i) => login(`again${i}@orbit.test`, 'wrong-password', ip));
    // Attempts refused for lack of a hashing slot were not counted, so exactly the limit was checked.
    expect(checks + rest.total).toBe(PER_IP);
    expect((await login(EMAIL, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(EMAIL, PASSWORD, freshIp())).statusCode).toBe(200);
  }, 180_000);

  it(`checks at most ${PER_ACCOUNT} passwords of one account, from any number of addresses`, async () => {
    const { total, unauthorized } = await stormUntilRefused(() => login(EMAIL, 'wrong-password', freshIp()));
    expect(total).toBe(PER_ACCOUNT);
    expect(unauthorized).toBe(PER_ACCOUNT);
    const { result: locked, checks } = await countChecks(() => login(EMAIL, PASSWORD, freshIp()));
    expect(locked.statusCode).toBe(429);
    expect(checks).toBe(0);
  }, 180_000);

  it('signs in with the right password after failures below the limit, and forgives the account', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await login(EMAIL, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await login(EMAIL, PASSWORD, ip)).statusCode).toBe(200);
    const counters = await t.db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute();
    // The account starts afresh; the address keeps its failures (the success itself is not one).
    expect(counters.map((c) => [c.key, Number(c.count)])).toEqual([[`login:ip:${ip}`, PER_ACCOUNT - 1]]);
  }, 120_000);

  it('checks one password for an unknown e-mail as for a wrong password, and answers the same', async () => {
    const unknown = await countChecks(() => login('nobody@orbit.test', 'wrong-password', freshIp()));
    const wrong = await countChecks(() => login(EMAIL, 'wrong-password', freshIp()));
    expect(unknown.checks).toBe(1);
    expect(wrong.checks).toBe(1);
    expect(unknown.result.statusCode).toBe(401);
    expect(unknown.result.json()).toEqual(wrong.result.json());
  }, 60_000);
});
