/**
 * Writes the drawn default pictures of the public pages into content/images/ (run once, output committed):
 *   node --import tsx scripts/generate-drawings.ts
 * - 7 banner scenes (SVG, a few KB each) for the home page's rotating banner;
 * - the map sketch for the contact page's click-to-load map;
 * - the Open Graph picture (JPEG: link previews do not show SVG);
 * - a one-page placeholder prospectus (PDF) until the college supplies its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BANNER_IMAGE_COUNT } from '#common/limits.ts';
import { college } from '#content/college.ts';
import { mapSvg } from '#content/drawings.ts';
import { BANNER_SIZE, MAP_SIZE, OG_IMAGE_SIZE } from '#content/picture-sizes.ts';
import { sceneSvg } from '#content/scenes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (...parts: string[]) => {
  const file = path.join(root, 'content', ...parts);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return file;
};
const write = (file: string, body: string | Buffer) => {
  fs.writeFileSync(file, body);
  console.log(`${path.relative(root, file)}  ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB`);
};

for (let i = 0; i < BANNER_IMAGE_COUNT; i++) {
  write(out('images', 'banner', `banner-${i + 1}.svg`), sceneSvg(i, BANNER_SIZE.width, BANNER_SIZE.height));
}
write(out('images', 'map', 'college-map.svg'), mapSvg(MAP_SIZE.width, MAP_SIZE.height));

const ogSvg = sceneSvg(0, OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height).replace(
  '</svg>',
  `<rect x="0" y="0" width="1200" height="150" fill="#0b3d91" opacity="0.85"/>
<text x="60" y="90" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="700" fill="#ffffff">${college.name}</text>
<text x="60" y="128" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#ffd966">${college.motto}</text>
</svg>`,
);
write(
  out('images', 'og', 'og-image.jpg'),
  await sharp(Buffer.from(ogSvg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
);

/** The smallest valid PDF with a few lines of Helvetica text; offsets in the xref table are computed. */
function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/gu, (c) => `\\${c}`);
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 22 : 12} Tf 56 ${760 - i * 26} Td (${esc(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

write(
  out('files', 'prospectus.pdf'),
  simplePdf([
    `${college.name} - Prospectus`,
    'This is a placeholder. The college will publish its full prospectus here.',
    '',
    `Address: ${college.address.oneLine}`,
    `Phone: ${college.phones
      .filter((p) => p.tel)
      .map((p) => p.label)
      .join(', ')}`,
    `Established in ${college.history.established}.`,
  ]),
);
