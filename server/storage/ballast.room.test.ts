import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBallast } from './ballast.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-room-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe("the public's room on the disk", () => {
  it('stops the reserve’s size short of full, with or without the reserve file', async () => {
    const { bavail, bsize } = await fs.statfs(dir);
    const free = bavail * bsize;
    const reserve = 64 * 1024 * 1024;
    const ballast = createBallast(dir, reserve, log);
    expect(await ballast.roomFor(0)).toBe(free >= reserve);
    // Nearly all the free space asked for: what is left would be less than the reserve.
    expect(await ballast.roomFor(free - reserve + 1024 * 1024)).toBe(false);
    expect(await createBallast(dir, 0, log).roomFor(1)).toBe(true);
  });
});
