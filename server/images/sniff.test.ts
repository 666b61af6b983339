import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildImage } from '#server/test-support/factories.ts';
import { sniffImageFormat } from './sniff.ts';

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('recognises a real %s file by its first bytes', async (format) => {
    expect(sniffImageFormat(await buildImage({ width: 32, height: 24, format }))).toBe(format);
  });

  it('recognises an AVIF whose brand is listed among the compatible brands', () => {
    // ftyp box: size 24, major brand 'mif1', minor version, compatible brands 'mif1' 'avif'.
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypmif1'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1avif'),
    ]);
    expect(sniffImageFormat(bytes)).toBe('avif');
  });

  it('refuses a HEIC photo, which is an ftyp file without an AVIF brand', () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
    ]);
    expect(sniffImageFormat(bytes)).toBeNull();
  });

  it('refuses a GIF, even though sharp could read it', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    expect(sniffImageFormat(gif)).toBeNull();
  });

  it.each([
    ['a text file', Buffer.from('hello, this is not an image')],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['an empty file', Buffer.alloc(0)],
    ['two bytes of a JPEG marker', Buffer.from([0xff, 0xd8])],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });

  it('ignores what the file claims to be and reads only the bytes', async () => {
    const png = await buildImage({ width: 8, height: 8, format: 'png' });
    expect(sniffImageFormat(new Uint8Array(png))).toBe('png');
  });
});
