import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#server/errors.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type PhotoProcess, createPhotoProcess } from './photo-process.ts';

const limits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40e6 };
const log = { error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

/** The nice value of every thread of a process (Linux /proc: field 19 of each task's stat). */
function threadNiceValues(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

let photos: PhotoProcess | null = null;
afterEach(() => {
  vi.useRealTimers();
  photos?.stop();
  photos = null;
});

describe('the photo process', () => {
  it.runIf(fs.existsSync('/proc/self/task'))(
    'processes a photo with every thread of its process at the lowest priority, libvips threads included',
    async () => {
      photos = createPhotoProcess({ log });
      const image = await photos.process({ bytes: await buildImage({ width: 800, height: 600 }) }, limits);
      expect(image).toMatchObject({ width: 800, height: 600 });
      expect(image.variants.length).toBeGreaterThan(0);
      expect(Buffer.isBuffer(image.variants[0]!.body)).toBe(true);
      const pid = photos.pid!;
      const names = fs
        .readdirSync(`/proc/${pid}/task`)
        .map((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
      expect(names).toContain('libvips worker');
      expect(new Set(threadNiceValues(pid))).toEqual(new Set([os.constants.priority.PRIORITY_LOW]));
    },
  );

  it('answers a damaged photo with the same refusal as in-process, and keeps serving the next one', async () => {
    photos = createPhotoProcess({ log });
    const whole = await buildImage({ width: 640, height: 480 });
    const refused = await photos
      .process({ bytes: whole.subarray(0, whole.length / 3) }, limits)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 415,
      code: 'image/unsupported',
      message: expect.stringMatching(/damaged/u),
    });
    await expect(photos.process({ bytes: whole }, limits)).resolves.toMatchObject({ width: 640 });
  });

  it('reads a stored file from the path it is handed, the same photo as its bytes; a missing file fails that job only', async () => {
    photos = createPhotoProcess({ log });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-source-'));
    try {
      const bytes = await buildImage({ width: 640, height: 480 });
      const file = path.join(dir, 'photo.jpg');
      fs.writeFileSync(file, bytes);
      const fromFile = await photos.process({ file }, limits);
      const fromBytes = await photos.process({ bytes }, limits);
      expect(fromFile).toMatchObject({ width: 640, height: 480 });
      expect(fromFile.variants.map((v) => v.body.length)).toEqual(fromBytes.variants.map((v) => v.body.length));

      const missing = await photos.process({ file: path.join(dir, 'gone.jpg') }, limits).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(Error);
      expect(missing).not.toBeInstanceOf(AppError);
      // The reason's code, never the path (it names an applicant's stored file and goes to the log).
      expect((missing as Error).message).toBe('The stored file could not be read (ENOENT).');
      await expect(photos.process({ file }, limits)).resolves.toMatchObject({ width: 640 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends after an idle while, and when killed fails only the photo in hand; a new process takes the next', async () => {
    const small = await buildImage({ width: 320, height: 240 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    photos = createPhotoProcess({ log, idleMs: 10_000 });
    await photos.process({ bytes: small }, limits);
    const first = photos.pid;
    expect(first).toBeGreaterThan(0);
    vi.advanceTimersByTime(9_999);
    expect(photos.pid).toBe(first);
    vi.advanceTimersByTime(1);
    expect(photos.pid).toBeUndefined();
    vi.useRealTimers();

    const killed = photos.process({ bytes: small }, limits);
    const second = photos.pid!;
    expect(second).not.toBe(first);
    process.kill(second, 'SIGKILL');
    const err = await killed.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as Error).message).toMatch(/ended/u);
    await expect(photos.process({ bytes: small }, limits)).resolves.toMatchObject({ width: 320 });
    expect(photos.pid).not.toBe(second);
  });
});
