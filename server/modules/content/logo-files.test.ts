import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unsafeSvgMessage } from '#common/site-content/logo.ts';
import { AppError } from '#server/errors.ts';
import { passListHtml } from '#server/modules/admission/index.ts';
import { drawIcon, prepareLogo, printLogo, unsafeSvgReason } from './logo-files.ts';

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 40" width="80" height="40"${attributes}>${inner}</svg>`;
const PLAIN = svg(
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="80" height="40" fill="url(#g)"/><use href="#g"/>',
);

async function refusalOf(file: Buffer): Promise<AppError> {
  const err = await prepareLogo(file).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

describe('unsafeSvgReason', () => {
  it('passes a plain drawing with references inside itself', () => {
    expect(unsafeSvgReason(PLAIN)).toBeNull();
    expect(unsafeSvgReason(svg('<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>'))).toBeNull();
  });

  it.each([
    ['script', svg('<script>alert(1)</script>')],
    ['script', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')],
    ['handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['handler', svg('<rect width="1" height="1" ONCLICK = "x()"/>')],
    ['foreignObject', svg('<foreignObject width="10" height="10"><p>hi</p></foreignObject>')],
    ['external', svg('<image href="https://example.com/a.png" width="1" height="1"/>')],
    ['external', svg('<use xlink:href="other.svg#mark"/>')],
    ['external', svg('<rect width="1" height="1" style="fill: url(https://example.com/x)"/>')],
    ['external', svg('<style>@import url(#x);</style>')],
    ['doctype', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('<text>&x;</text>')}`],
  ])('refuses an SVG because %s', (reason, text) => {
    expect(unsafeSvgReason(text)).toBe(reason);
  });
});

describe('prepareLogo', () => {
  it('keeps a plain SVG as sent, with its size', async () => {
    const { logo, file } = await prepareLogo(Buffer.from(PLAIN));
    expect(logo).toMatchObject({ kind: 'upload', format: 'svg', width: 80, height: 40 });
    expect(file.body.toString()).toBe(PLAIN);
    expect(file.contentType).toBe('image/svg+xml');
    expect(file.key).toMatch(/^site\/logo\/[0-9a-f-]+\.svg$/u);
  });

  it('re-encodes a PNG without its metadata and at most 1024 px a side', async () => {
    const png = await sharp({ create: { width: 2000, height: 500, channels: 4, background: '#0b3d91' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const { logo, file } = await prepareLogo(png);
    expect(logo).toMatchObject({ format: 'png', width: 1024, height: 256 });
    const meta = await sharp(file.body).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
  });

  it('refuses an unsafe SVG naming why', async () => {
    const err = await refusalOf(Buffer.from(svg('<script>alert(1)</script>')));
    expect([err.statusCode, err.code, err.message]).toEqual([415, 'logo/unsafe-svg', unsafeSvgMessage('script')]);
    expect(err.message).toBe(
      'The SVG logo cannot be used: it contains a script. Save it again as a plain drawing (or as a PNG) and upload that.',
    );
  });

  it('refuses a file that is not an image, and a JPEG, as neither PNG nor SVG', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    for (const file of [Buffer.from('%PDF-1.4 not a logo'), jpeg]) {
      const err = await refusalOf(file);
      expect([err.statusCode, err.code, err.message]).toEqual([
        415,
        'logo/unsupported',
        'The logo must be a PNG or SVG image; this file is neither.',
      ]);
    }
  });
});

describe('drawIcon', () => {
  it('draws a square icon of the size asked, opaque for the apple-touch icon', async () => {
    const icon = await drawIcon(Buffer.from(PLAIN), 180, true);
    const meta = await sharp(icon).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 180, 180, false]);
    const favicon = await sharp(await drawIcon(Buffer.from(PLAIN), 32, false)).metadata();
    expect([favicon.width, favicon.height, favicon.hasAlpha]).toEqual([32, 32, true]);
  });
});

describe('printLogo', () => {
  const dataOf = (src: string) => Buffer.from(src.replace(/^data:image\/png;base64,/u, ''), 'base64');

  it('draws a PNG logo as it is stored, byte for byte', async () => {
    const { logo, file } = await prepareLogo(
      await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0b3d91' } })
        .png()
        .toBuffer(),
    );
    const printed = await printLogo(file.body, logo.format);
    expect(printed).toMatchObject({ width: 300, height: 120 });
    expect(printed.src).toMatch(/^data:image\/png;base64,/u);
    expect(dataOf(printed.src).equals(file.body)).toBe(true);
  });

  it('rasterises an SVG logo to a PNG 212 px high, its proportions kept', async () => {
    const printed = await printLogo(Buffer.from(PLAIN), 'svg');
    expect(printed).toMatchObject({ width: 424, height: 212 });
    const meta = await sharp(dataOf(printed.src)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 424, height: 212 });
  });

  it('heads the pass list with the logo when there is one, and without an image when there is none', async () => {
    const college = { en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' };
    const logo = await printLogo(Buffer.from(PLAIN), 'svg');
    const withLogo = await passListHtml('Entrance results 2083', [], false, college, logo);
    expect(withLogo).toContain(
      `<img class="logo" src="${logo.src}" width="424" height="212" alt=""><p class="college">`,
    );
    expect(await passListHtml('Entrance results 2083', [], false, college)).not.toContain('<img');
  });
});
