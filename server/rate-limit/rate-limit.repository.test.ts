import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '#server/test-support/test-app.ts';
import {
  clear,
  givePaceBack,
  hit,
  paceRoom,
  peek,
  pruneExpired,
  release,
  reserve,
  takePace,
} from './rate-limit.repository.ts';

const { db, cleanup } = await createTestDb();
afterAll(cleanup);

const HOUR = 60 * 60 * 1000;
const T0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeEach(async () => {
  await db.deleteFrom('rate_limits').execute();
});

describe('rate-limit repository', () => {
  it('counts hits on a key within its window, keeping the first reset time', async () => {
    expect(await hit(db, 'inquiry:ip:a', HOUR, T0)).toEqual({ count: 1, resetAt: at(HOUR) });
    expect(await hit(db, 'inquiry:ip:a', HOUR, at(1000))).toEqual({ count: 2, resetAt: at(HOUR) });
    expect(await hit(db, 'inquiry:ip:a', HOUR, at(HOUR - 1))).toEqual({ count: 3, resetAt: at(HOUR) });
  });

  it('keeps separate counts for separate keys', async () => {
    await hit(db, 'k:one', HOUR, T0);
    await hit(db, 'k:one', HOUR, T0);
    expect((await hit(db, 'k:two', HOUR, T0)).count).toBe(1);
    expect((await peek(db, 'k:one', T0)).count).toBe(2);
  });

  it('starts a new window at 1 once the reset time has come', async () => {
    await hit(db, 'k', HOUR, T0);
    await hit(db, 'k', HOUR, at(10));
    const next = await hit(db, 'k', HOUR, at(HOUR));
    expect(next).toEqual({ count: 1, resetAt: at(2 * HOUR) });
    expect((await hit(db, 'k', HOUR, at(HOUR + 5))).count).toBe(2);
  });

  it('counts every one of many concurrent hits exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(db, 'busy', HOUR, T0)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('peeks without counting, and reads 0 for an unknown or expired key', async () => {
    expect(await peek(db, 'nobody', T0)).toEqual({ count: 0, resetAt: T0 });
    await hit(db, 'k', HOUR, T0);
    expect(await peek(db, 'k', at(5))).toEqual({ count: 1, resetAt: at(HOUR) });
    expect(await peek(db, 'k', at(6))).toEqual({ count: 1, resetAt: at(HOUR) });
    expect((await peek(db, 'k', at(HOUR))).count).toBe(0);
  });

  it('clears one key and leaves the others', async () => {
    await hit(db, 'a', HOUR, T0);
    await hit(db, 'b', HOUR, T0);
    await clear(db, 'a');
    expect((await peek(db, 'a', T0)).count).toBe(0);
    expect((await peek(db, 'b', T0)).count).toBe(1);
  });

  it('reserves at most the maximum among many concurrent attempts, and refuses the rest', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => reserve(db, 'storm', 7, HOUR, T0)));
    const taken = results.filter((r) => r !== null);
    expect(taken.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r === null)).toHaveLength(33);
    expect(await peek(db, 'storm', T0)).toEqual({ count: 7, resetAt: at(HOUR) });
  });

  it('refuses once the maximum is taken, without counting, and takes again in the next window', async () => {
    expect(await reserve(db, 'k', 2, HOUR, T0)).toEqual({ count: 1, resetAt: at(HOUR) });
    expect(await reserve(db, 'k', 2, HOUR, at(1))).toEqual({ count: 2, resetAt: at(HOUR) });
    expect(await reserve(db, 'k', 2, HOUR, at(2))).toBeNull();
    expect((await peek(db, 'k', at(3))).count).toBe(2);
    expect(await reserve(db, 'k', 2, HOUR, at(HOUR))).toEqual({ count: 1, resetAt: at(2 * HOUR) });
  });

  it('releases a reserved attempt within its window, so it can be taken again', async () => {
    const first = (await reserve(db, 'k', 2, HOUR, T0))!;
    await reserve(db, 'k', 2, HOUR, T0);
    await release(db, 'k', first);
    expect((await peek(db, 'k', T0)).count).toBe(1);
    expect(await reserve(db, 'k', 2, HOUR, at(5))).toEqual({ count: 2, resetAt: at(HOUR) });
  });

  it('does not release into a window that has started again since, nor below zero', async () => {
    const old = (await reserve(db, 'k', 5, HOUR, T0))!;
    await reserve(db, 'k', 5, HOUR, at(HOUR));
    await release(db, 'k', old);
    expect((await peek(db, 'k', at(HOUR))).count).toBe(1);
    const current = (await peek(db, 'k', at(HOUR)))!;
    await release(db, 'k', current);
    await release(db, 'k', current);
    expect((await peek(db, 'k', at(HOUR))).count).toBe(0);
  });

  it('prunes only the rows whose window has passed', async () => {
    await hit(db, 'short', 1000, T0);
    await hit(db, 'long', HOUR, T0);
    await pruneExpired(db, at(1000));
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['long']);
  });
});

describe('a paced allowance', () => {
  const rule = { perHour: 12, burst: 3 }; // one every five minutes, three back to back
  const FIVE_MIN = 5 * 60 * 1000;

  it('lets a burst through, refuses the rest without taking anything, and refills at the steady pace', async () => {
    const taken = [];
    for (let i = 0; i < 10; i++) taken.push((await takePace(db, 'p:a', rule, at(i))).waitMs === 0);
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(await takePace(db, 'p:a', rule, at(10))).toEqual({ waitMs: FIVE_MIN - 10 });
    expect(await paceRoom(db, 'p:a', rule, at(FIVE_MIN))).toEqual({ waitMs: 0 });
    expect(await takePace(db, 'p:a', rule, at(FIVE_MIN))).toMatchObject({ waitMs: 0 });
    expect((await takePace(db, 'p:a', rule, at(FIVE_MIN + 1))).waitMs).toBeGreaterThan(0);
    // A quiet hour fills the store again, and no more than it: three back to back, then the pace.
    const later = [];
    for (let i = 0; i < 5; i++) later.push((await takePace(db, 'p:a', rule, at(2 * HOUR + i))).waitMs === 0);
    expect(later).toEqual([true, true, true, false, false]);
  });

  it('never takes more than the burst for requests arriving together', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => takePace(db, 'p:b', rule, T0)));
    expect(answers.filter((a) => a.waitMs === 0)).toHaveLength(3);
  });

  it('gives an event back that turned out not to count, unless another was taken since', async () => {
    const first = await takePace(db, 'p:d', rule, T0);
    await givePaceBack(db, first.taken!);
    for (let i = 0; i < 3; i++) expect((await takePace(db, 'p:d', rule, T0)).waitMs).toBe(0);
    expect((await takePace(db, 'p:d', rule, T0)).waitMs).toBeGreaterThan(0);
    // Taken, then another taken: the first's give-back changes nothing (it errs on the side of counting).
    const a = await takePace(db, 'p:e', rule, T0);
    await takePace(db, 'p:e', rule, T0);
    await givePaceBack(db, a.taken!);
    await takePace(db, 'p:e', rule, T0);
    expect((await takePace(db, 'p:e', rule, T0)).waitMs).toBeGreaterThan(0);
  });

  it('keeps its state where expired rows are pruned: a full store has no row', async () => {
    await takePace(db, 'p:c', rule, T0);
    await pruneExpired(db, at(FIVE_MIN));
    expect(await db.selectFrom('rate_limits').select('key').where('key', '=', 'p:c').execute()).toEqual([]);
  });
});
