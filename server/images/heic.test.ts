import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { decodeHeic } from './heic.ts';
import { type ImageLimits, processImage } from './image-pipeline.ts';
import { isHeif, sniffImageFormat } from './sniff.ts';

const HEIC = await fs.readFile(new URL('./fixtures/red-blue-640x480.heic', import.meta.url));
const LIMITS: ImageLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 50_000_000 };

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('HEIC photos', () => {
  it('are recognised by their ftyp box, and AVIF is not taken for one', async () => {
    expect(sniffImageFormat(HEIC)).toBeNull();
    expect(isHeif(HEIC)).toBe(true);
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer();
    expect(sniffImageFormat(avif)).toBe('avif');
    expect(isHeif(Buffer.from('ftypheic and some text'))).toBe(false);
  });

  it('decode in a thread to three-channel pixels of the photo', async () => {
    const { data, info } = await decodeHeic(HEIC, { maxPixels: LIMITS.maxPixels });
    expect(info).toEqual({ width: 640, height: 480, channels: 3 });
    expect(data.length).toBe(640 * 480 * 3);
    const at = (x: number, y: number) => [...data.subarray((y * 640 + x) * 3, (y * 640 + x) * 3 + 3)];
    const [r1, , b1] = at(100, 240);
    const [r2, , b2] = at(540, 240);
    expect(r1! > 200 && b1! < 60).toBe(true);
    expect(r2! < 60 && b2! > 200).toBe(true);
  });

  it('go through the same variants as any photo, with no metadata left', async () => {
    expect(HEIC.includes('Secret Person')).toBe(true);
    const result = await processImage(HEIC, LIMITS);
    expect([result.width, result.height]).toEqual([640, 480]);
    // The capture date is kept apart, as data, before the metadata goes.
    expect(result.takenAt).toBe('2026-11-20T10:15:30');
    expect(result.variants.map((v) => `${v.format}@${v.width}`)).toEqual([
      'avif@400',
      'webp@400',
      'jpeg@400',
      'avif@640',
      'webp@640',
      'jpeg@640',
    ]);
    for (const v of result.variants) {
      expect(sniffImageFormat(v.body)).toBe(v.format);
      const meta = await sharp(v.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(v.body.includes('Secret Person')).toBe(false);
      expect(v.body.includes('Apple')).toBe(false);
      expect(v.body.includes('2026:11:20')).toBe(false);
    }
    const jpeg = result.variants.find((v) => v.format === 'jpeg' && v.width === 640)!.body;
    expect((await pixel(jpeg, 100, 240))[0]).toBeGreaterThan(200);
    expect((await pixel(jpeg, 540, 240))[2]).toBeGreaterThan(200);
  });

  it('refuses a damaged HEIC with 415 and the reason, and the server carries on', async () => {
    const err = await processImage(HEIC.subarray(0, 700), LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect([(err as AppError).statusCode, (err as AppError).code, (err as AppError).message]).toEqual([
      415,
      'image/unsupported',
      'The image could not be read: it may be damaged or incomplete.',
    ]);
    expect((await processImage(HEIC, LIMITS)).width).toBe(640);
  });

  it('refuses a HEIC over the pixel limit before decoding it', async () => {
    const err = await processImage(HEIC, { ...LIMITS, maxPixels: 640 * 479 }).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('image/too-many-pixels');
  });

  it('ends a decoding that overruns its time limit', async () => {
    await expect(decodeHeic(HEIC, { maxPixels: LIMITS.maxPixels, timeoutMs: 1 })).rejects.toThrow(/longer than 1 ms/u);
  });
});
