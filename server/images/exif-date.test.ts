import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildImage } from '#server/test-support/factories.ts';
import { captureDateFromExif, parseExifDate } from './exif-date.ts';

const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));
const exifOf = async (image: Buffer) => (await sharp(image).metadata()).exif;

describe('captureDateFromExif', () => {
  it.each(['jpeg', 'webp', 'png'] as const)(
    'reads DateTimeOriginal from a %s photo (Intel byte order) as local time without a zone',
    async (format) => {
      const photo = await buildImage({ width: 32, height: 24, format, takenAt: '2024:03:05 10:11:12' });
      expect(captureDateFromExif(await exifOf(photo))).toBe('2024-03-05T10:11:12');
    },
  );

  it('reads the date of a HEIC photo from an iPhone-like camera', async () => {
    expect(captureDateFromExif(await exifOf(await fixture('red-blue-640x480.heic')))).toBe('2026-11-20T10:15:30');
  });

  it('reads a Motorola (big-endian) block and falls back to CreateDate when DateTimeOriginal is blank', async () => {
    const exif = await exifOf(await fixture('motorola-exif-create-date.jpg'));
    expect(exif?.subarray(6, 8).toString('latin1')).toBe('MM');
    expect(captureDateFromExif(exif)).toBe('2019-08-15T07:30:05');
  });

  it('prefers DateTimeOriginal to CreateDate', async () => {
    const photo = await sharp(await buildImage({ width: 16, height: 16 }))
      .withExif({ IFD2: { DateTimeOriginal: '2023:01:02 03:04:05', DateTimeDigitized: '2023:06:07 08:09:10' } })
      .jpeg()
      .toBuffer();
    expect(captureDateFromExif(await exifOf(photo))).toBe('2023-01-02T03:04:05');
  });

  it('answers null for a photo without EXIF or without a date in it', async () => {
    expect(captureDateFromExif(await exifOf(await buildImage({ width: 16, height: 16 })))).toBeNull();
    const undated = await sharp(await buildImage({ width: 16, height: 16 }))
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .jpeg()
      .toBuffer();
    expect(captureDateFromExif(await exifOf(undated))).toBeNull();
    expect(captureDateFromExif(undefined)).toBeNull();
    expect(captureDateFromExif(Buffer.alloc(0))).toBeNull();
  });

  it('answers null, never throws, for every truncation and every single-byte corruption of a real block', async () => {
    const blocks = [
      (await exifOf(await fixture('motorola-exif-create-date.jpg')))!,
      (await exifOf(await fixture('red-blue-640x480.heic')))!,
    ];
    for (const block of blocks) {
      for (let length = 0; length < block.length; length++) {
        const answer = captureDateFromExif(block.subarray(0, length));
        expect(answer === null || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/u.test(answer)).toBe(true);
      }
      for (let at = 0; at < block.length; at++) {
        for (const value of [0x00, 0xff, 0x7f]) {
          const bad = Buffer.from(block);
          bad[at] = value;
          const answer = captureDateFromExif(bad);
          expect(answer === null || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/u.test(answer)).toBe(true);
        }
      }
    }
  });

  it('answers null for a wrong byte-order mark, a wrong magic number and pointers past the end', async () => {
    const block = Buffer.from((await exifOf(await fixture('motorola-exif-create-date.jpg')))!);
    const tiff = block.subarray(6);
    const withBytes = (at: number, bytes: number[]) => {
      const copy = Buffer.from(tiff);
      copy.set(bytes, at);
      return copy;
    };
    expect(captureDateFromExif(tiff)).toBe('2019-08-15T07:30:05');
    expect(captureDateFromExif(withBytes(0, [0x49, 0x4d]))).toBeNull(); // "IM"
    expect(captureDateFromExif(withBytes(2, [0, 43]))).toBeNull();
    expect(captureDateFromExif(withBytes(4, [0xff, 0xff, 0xff, 0xf0]))).toBeNull(); // IFD0 past the end
    expect(captureDateFromExif(withBytes(18, [0, 0, 0x10, 0]))).toBeNull(); // Exif IFD past the end
    expect(captureDateFromExif(withBytes(8, [0xff, 0xff]))).toBeNull(); // 65535 entries claimed
    expect(captureDateFromExif(withBytes(48, [0, 0, 0, 90]))).toBeNull(); // CreateDate string runs past the end
    expect(captureDateFromExif(withBytes(42, [0, 3]))).toBeNull(); // CreateDate typed SHORT, not ASCII
  });
});

describe('parseExifDate', () => {
  it.each([
    ['2024:03:05 10:11:12', '2024-03-05T10:11:12'],
    ['2024:02:29 23:59:59', '2024-02-29T23:59:59'],
    ['2024:03:05 10:11:12 ', '2024-03-05T10:11:12'],
    ['0000:00:00 00:00:00', null],
    ['    :  :     :  :  ', null],
    ['2023:02:29 10:00:00', null],
    ['2024:13:01 10:00:00', null],
    ['2024:04:31 10:00:00', null],
    ['2024:03:05 24:00:00', null],
    ['2024:03:05', null],
    ['yesterday', null],
    [null, null],
  ])('%j → %j', (text, expected) => {
    expect(parseExifDate(text)).toBe(expected);
  });
});
