import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { noticeQrSvg } from './notice-qr.server.ts';

/** Whether mask `pattern` flips the module at row i, column j (the eight masks of the QR code standard). */
const masked = (pattern: number, i: number, j: number): boolean =>
  [
    (i + j) % 2 === 0,
    i % 2 === 0,
    j % 3 === 0,
    (i + j) % 3 === 0,
    (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
    ((i * j) % 2) + ((i * j) % 3) === 0,
    (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
    (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
  ][pattern]!;

/** The code's data and error correction modules with its mask taken off: what a scanner reads out of it. */
function unmasked(code: QRCode.QRCode): number[] {
  const { modules, maskPattern } = code;
  const bits: number[] = [];
  for (let i = 0; i < modules.size; i++) {
    for (let j = 0; j < modules.size; j++) {
      if (modules.isReserved(i, j)) continue;
      bits.push(modules.get(i, j) ^ (masked(maskPattern!, i, j) ? 1 : 0));
    }
  }
  return bits;
}

describe('noticeQrSvg', () => {
  const url = 'https://orbit.example.np/ne/admission/status#ref=ORB-2083-00042&key=K7PM-Q2XD-8HWA';

  it('draws the quick code as one byte segment with a fixed mask, carrying what a best-masked code of it carries', async () => {
    const bytes = [{ data: Buffer.from(url), mode: 'byte' as const }];
    const best = QRCode.create(bytes, { errorCorrectionLevel: 'M' });
    const quick = QRCode.create(bytes, { errorCorrectionLevel: 'M', maskPattern: 0 });
    // This address's best mask is another one, so the comparison below unmasks two different drawings.
    expect(best.maskPattern).not.toBe(0);
    expect(quick.version).toBe(best.version);
    expect(unmasked(quick)).toEqual(unmasked(best));
    // One segment, of bytes, read back as the address itself.
    expect(quick.segments).toHaveLength(1);
    expect(Buffer.from((quick.segments[0] as unknown as { data: Uint8Array }).data).toString('utf8')).toBe(url);
    // No larger than the shortest mix of segments would make it: the same version, module for module in size.
    expect(quick.version).toBe(QRCode.create(url, { errorCorrectionLevel: 'M' }).version);
    // The SVG is that code, and a notice's stays the best-masked code of the shortest mix.
    const svg = await noticeQrSvg(url, { quick: true });
    expect(svg).toBe(
      await QRCode.toString(bytes, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', maskPattern: 0 }),
    );
    expect(await noticeQrSvg(url)).toBe(
      await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }),
    );
    expect(svg).not.toBe(await noticeQrSvg(url));
  });
});
