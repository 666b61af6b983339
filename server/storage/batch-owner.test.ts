import { describe, expect, it } from 'vitest';
import { isValidBatch } from './storage.ts';
import { MACHINE_TAG, batchOwnerGone, newBatchName } from './batch-owner.ts';

describe('staging batch owners', () => {
  it('name a batch by this process and machine, as a valid batch name', () => {
    const name = newBatchName();
    expect(name).toMatch(new RegExp(`^p${process.pid}-${MACHINE_TAG}-[0-9a-f-]{36}$`, 'u'));
    expect(isValidBatch(name)).toBe(true);
    expect(newBatchName()).not.toBe(name);
  });

  it('know a batch abandoned only when its process ran here and no longer runs', () => {
    const batch = (pid: number, tag = MACHINE_TAG) => `p${pid}-${tag}-5f0c3b1e-0000-4000-8000-000000000001`;
    const running = (pid: number) => pid === 4242;
    expect(batchOwnerGone(batch(777), { running })).toBe(true);
    expect(batchOwnerGone(batch(4242), { running })).toBe(false);
    // This very process, another machine (or boot), and names of the older form are never taken for gone.
    expect(batchOwnerGone(batch(process.pid), { running: () => false })).toBe(false);
    expect(batchOwnerGone(batch(777, MACHINE_TAG === 'ffffffff' ? '00000000' : 'ffffffff'), { running })).toBe(false);
    expect(batchOwnerGone('5f0c3b1e-0000-4000-8000-000000000001', { running })).toBe(false);
    expect(batchOwnerGone('put-5f0c3b1e-0000-4000-8000-000000000001', { running })).toBe(false);
  });

  it('ask the system whether the process runs', () => {
    expect(batchOwnerGone(`p${process.ppid}-${MACHINE_TAG}-x`)).toBe(false);
    // The largest pid Linux hands out is 4194304: this one never runs.
    expect(batchOwnerGone(`p9999999-${MACHINE_TAG}-x`)).toBe(true);
  });
});
