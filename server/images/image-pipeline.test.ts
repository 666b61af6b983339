import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type ImageLimits, processImage } from './image-pipeline.ts';
import { sniffImageFormat } from './sniff.ts';

const LIMITS: ImageLimits = { maxBytes: 15 * 1024 * 1024, maxPixels: 50_000_000 };

async function refusal(input: Buffer, limits = LIMITS): Promise<AppError> {
  const err = await processImage(input, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

describe('processImage', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('accepts a %s image', async (format) => {
    const result = await processImage(await buildImage({ width: 500, height: 300, format }), LIMITS);
    expect([result.width, result.height]).toEqual([500, 300]);
    expect(result.variants.length).toBeGreaterThan(0);
  });

  it('writes AVIF, WebP and JPEG at 400, 800 and 1600 pixels wide for a large image', async () => {
    const result = await processImage(await buildImage({ width: 2000, height: 1000 }), LIMITS);
    expect(result.variants.map((v) => `${v.format}@${v.width}x${v.height}`)).toEqual([
      'avif@400x200',
      'webp@400x200',
      'jpeg@400x200',
      'avif@800x400',
      'webp@800x400',
      'jpeg@800x400',
      'avif@1600x800',
      'webp@1600x800',
      'jpeg@1600x800',
    ]);
    for (const v of result.variants) {
      expect(sniffImageFormat(v.body)).toBe(v.format);
      const meta = await sharp(v.body).metadata();
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    }
  });

  it('caps the widths at the original width and never enlarges', async () => {
    const medium = await processImage(await buildImage({ width: 1000, height: 500 }), LIMITS);
    expect([...new Set(medium.variants.map((v) => v.width))]).toEqual([400, 800, 1000]);
    const small = await processImage(await buildImage({ width: 300, height: 200 }), LIMITS);
    expect([...new Set(small.variants.map((v) => v.width))]).toEqual([300]);
    expect(small.variants).toHaveLength(3);
  });

  it('names the content by a stable 16-character hash of the upload', async () => {
    const input = await buildImage({ width: 64, height: 64 });
    const [a, b] = [await processImage(input, LIMITS), await processImage(input, LIMITS)];
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/u);
    expect(b.hash).toBe(a.hash);
    expect((await processImage(await buildImage({ width: 65, height: 64 }), LIMITS)).hash).not.toBe(a.hash);
  });

  it('refuses a text file with 415, whatever it is called', async () => {
    const err = await refusal(Buffer.from('just some text, named photo.jpg'));
    expect([err.statusCode, err.code, err.message]).toEqual([
      415,
      'image/unsupported',
      'The file is not a JPEG, PNG, WebP, AVIF or HEIC image.',
    ]);
  });

  it('refuses a GIF with 415', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    expect((await refusal(gif)).statusCode).toBe(415);
  });

  it('refuses a truncated JPEG with 415', async () => {
    const jpeg = await buildImage({ width: 800, height: 600 });
    const err = await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect([err.statusCode, err.code, err.message]).toEqual([
      415,
      'image/unsupported',
      'The image could not be read: it may be damaged or incomplete.',
    ]);
  });

  it('refuses an image over the pixel limit with 413 and a clear message', async () => {
    const input = await buildImage({ width: 1200, height: 1000, format: 'png' });
    const err = await refusal(input, { ...LIMITS, maxPixels: 1_000_000 });
    expect([err.statusCode, err.code, err.message]).toEqual([
      413,
      'image/too-many-pixels',
      'The image has too many pixels: at most 1 megapixels. Please resize it before uploading.',
    ]);
  });

  it('refuses a 400-megapixel image in a small file for its pixels, not as damaged or too large', async () => {
    // A small JPEG whose frame header says 20 000 × 20 000 pixels, as a camera's or a bomb's would: 1.2 GB drawn.
    const input = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const frame = input.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    input.writeUInt16BE(20_000, frame + 5);
    input.writeUInt16BE(20_000, frame + 7);
    const err = await refusal(input, { ...LIMITS, maxPixels: 50_000_000 });
    expect([err.statusCode, err.code, err.message]).toEqual([
      413,
      'image/too-many-pixels',
      'The image has too many pixels: at most 50 megapixels. Please resize it before uploading.',
    ]);
  });

  it('accepts an image exactly at the pixel limit', async () => {
    const input = await buildImage({ width: 1000, height: 1000, format: 'png' });
    await expect(processImage(input, { ...LIMITS, maxPixels: 1_000_000 })).resolves.toMatchObject({ width: 1000 });
  });

  it('refuses a file over the byte limit with 413 before decoding it, naming the configured size', async () => {
    const MiB = 1024 * 1024;
    // Trailing bytes after a JPEG are ignored by decoders: only the size can refuse this file.
    const input = Buffer.concat([await buildImage({ width: 400, height: 300 }), Buffer.alloc(MiB)]);
    const err = await refusal(input, { ...LIMITS, maxBytes: MiB });
    expect([err.statusCode, err.code]).toEqual([413, 'image/too-large']);
    expect(err.message).toMatch(/^The file is larger than 1 MB\./u);
    await expect(processImage(input, { ...LIMITS, maxBytes: input.length })).resolves.toBeDefined();
  });

  it('applies the EXIF orientation, so a phone photo taken upright stays upright', async () => {
    // Stored 300x200 with the left half red; orientation 6 means "rotate 90° clockwise to display".
    const stored = await sharp(await buildImage({ width: 300, height: 200 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);

    const result = await processImage(stored, LIMITS);

    expect([result.width, result.height]).toEqual([200, 300]);
    const jpeg = result.variants.find((v) => v.format === 'jpeg')!;
    expect([jpeg.width, jpeg.height]).toEqual([200, 300]);
    const meta = await sharp(jpeg.body).metadata();
    expect(meta.orientation).toBeUndefined();
    // After the rotation the red half is on top.
    expect(isRed(await pixel(jpeg.body, 100, 20))).toBe(true);
    expect(isBlue(await pixel(jpeg.body, 100, 280))).toBe(true);
  });

  it('keeps the size of a large upright phone photo as seen while it decodes only what the largest variant needs', async () => {
    // A 12-megapixel frame stored sideways (4000x3000, orientation 6), as phones save a photo taken upright.
    const stored = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();

    const result = await processImage(stored, LIMITS, { formats: ['jpeg'] });

    expect([result.width, result.height]).toEqual([3000, 4000]);
    expect(result.variants.map((v) => `${v.width}x${v.height}`)).toEqual(['400x533', '800x1067', '1600x2133']);
  });

  it('strips all metadata: a photo with a GPS position comes out with no EXIF, ICC or XMP', async () => {
    const photo = await sharp(await buildImage({ width: 900, height: 600 }))
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '27/1 41/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '85/1 19/1 0/1',
        },
      })
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();

    const result = await processImage(photo, LIMITS);

    expect(result.variants).toHaveLength(9);
    for (const v of result.variants) {
      const meta = await sharp(v.body).metadata();
      expect(meta.exif, `${v.format}@${v.width}`).toBeUndefined();
      expect(meta.icc, `${v.format}@${v.width}`).toBeUndefined();
      expect(meta.xmp, `${v.format}@${v.width}`).toBeUndefined();
      expect(v.body.includes('PhoneMaker'), `${v.format}@${v.width}`).toBe(false);
    }
  });

  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    "answers a %s photo's capture date, read before its metadata is dropped",
    async (format) => {
      const photo = await buildImage({ width: 900, height: 600, format, takenAt: '2025:04:14 06:45:00' });
      const result = await processImage(photo, LIMITS);
      expect(result.takenAt).toBe('2025-04-14T06:45:00');
      for (const v of result.variants) {
        expect((await sharp(v.body).metadata()).exif, `${v.format}@${v.width}`).toBeUndefined();
        expect(v.body.includes('2025:04:14'), `${v.format}@${v.width}`).toBe(false);
      }
    },
  );

  it('answers no capture date for a photo that does not say, or says it badly', async () => {
    expect((await processImage(await buildImage({ width: 64, height: 64 }), LIMITS)).takenAt).toBeNull();
    const zeroed = await buildImage({ width: 64, height: 64, takenAt: '0000:00:00 00:00:00' });
    expect((await processImage(zeroed, LIMITS)).takenAt).toBeNull();
  });

  it('flattens transparency onto white for the JPEG variants', async () => {
    const transparent = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(transparent, LIMITS);
    const jpeg = result.variants.find((v) => v.format === 'jpeg')!;
    const [r, g, b] = await pixel(jpeg.body, 20, 20);
    expect(Math.min(r, g, b)).toBeGreaterThan(240);
  });
});
