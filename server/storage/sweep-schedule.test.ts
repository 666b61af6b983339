import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from './local-storage.ts';
import type { FileOwner } from './storage-sweep.ts';
import { SWEEP_INTERVAL_MS, startStorageSweeps } from './sweep-schedule.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-schedule-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
});

const recorder = () => {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg = '') =>
      lines.push({ level, obj, msg });
  const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as Pick<
    FastifyBaseLogger,
    'info' | 'warn' | 'error'
  >;
  return { log, lines };
};

describe('startStorageSweeps', () => {
  it('sweeps at start-up and again each day, logging a summary and every row with missing files', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const storage = createLocalStorage(root);
    await storage.put('img/kept/1-400.jpg', Buffer.from('x'), 'image/jpeg');
    let reads = 0;
    const owner: FileOwner = {
      kind: 'image',
      prefix: 'img/',
      references: async () => {
        reads += 1;
        return [
          { id: 'kept', keys: ['img/kept/1-400.jpg'] },
          { id: 'broken', keys: ['img/broken/1-400.jpg'] },
        ];
      },
    };
    const { log, lines } = recorder();

    const sweeps = startStorageSweeps(storage, [owner], log);
    await vi.waitFor(() => expect(lines.some((l) => l.msg === 'storage sweep finished')).toBe(true));
    expect(lines.find((l) => l.level === 'warn')).toMatchObject({
      obj: { kind: 'image', id: 'broken', missing: ['img/broken/1-400.jpg'] },
    });
    const afterFirst = lines.length;

    await vi.advanceTimersByTimeAsync(SWEEP_INTERVAL_MS - 1000);
    expect(lines.length).toBe(afterFirst);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(lines.filter((l) => l.msg === 'storage sweep finished')).toHaveLength(2));
    sweeps.stop();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('logs a failed sweep as an error instead of stopping the server', async () => {
    const storage = createLocalStorage(root);
    const owner: FileOwner = {
      kind: 'image',
      prefix: 'img/',
      references: () => Promise.reject(new Error('database unreachable')),
    };
    const { log, lines } = recorder();
    const sweeps = startStorageSweeps(storage, [owner], log);
    await vi.waitFor(() => expect(lines.some((l) => l.level === 'error')).toBe(true));
    sweeps.stop();
    expect(lines.find((l) => l.level === 'error')?.msg).toMatch(/storage sweep failed/u);
  });
});
