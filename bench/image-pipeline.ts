// Times the upload pipeline on a 12-megapixel photo and prints what it writes.
//   node --import tsx bench/image-pipeline.ts [runs]
// A figure to read, never a test: it does not fail on slowness.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { processImage } from '#server/images/image-pipeline.ts';
import { median } from './lib/median.ts';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Number(process.argv[2] ?? 3);
const LIMITS = { maxBytes: 50 * 1024 * 1024, maxPixels: 50_000_000 };

/** Gradient, soft shapes and sensor-like noise: compresses about like a phone photo, unlike flat colour or pure noise. */
async function photoLike(): Promise<Buffer> {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
       <defs>
         <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
           <stop offset="0" stop-color="#4a79b8"/><stop offset="0.6" stop-color="#f3c58a"/><stop offset="1" stop-color="#5d7a3a"/>
         </linearGradient>
         <filter id="blur"><feGaussianBlur stdDeviation="30"/></filter>
       </defs>
       <rect width="100%" height="100%" fill="url(#sky)"/>
       <g filter="url(#blur)">
         <circle cx="900" cy="700" r="380" fill="#fbe7b0"/>
         <ellipse cx="2600" cy="2500" rx="1900" ry="620" fill="#2f4d1f"/>
         <rect x="1500" y="1300" width="1300" height="900" fill="#e9e1d0"/>
       </g>
       <rect x="1600" y="1400" width="1100" height="700" fill="#d8cfbd"/>
       ${Array.from({ length: 24 }, (_, i) => `<rect x="${1660 + (i % 8) * 130}" y="${1470 + Math.floor(i / 8) * 200}" width="80" height="120" fill="#45607a"/>`).join('')}
     </svg>`,
  );
  // Noise at several scales: fine grain like a sensor's, coarser grain like foliage, brick and fabric,
  // so detail survives down to the 400 px thumbnail as it does in a real photo.
  const noiseAt = async (scale: number, sigma: number) =>
    sharp({
      create: {
        width: Math.round(WIDTH / scale),
        height: Math.round(HEIGHT / scale),
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .png()
      .toBuffer();
  const layers = await Promise.all([noiseAt(1, 18), noiseAt(4, 30), noiseAt(16, 40)]);
  return sharp(scene)
    .composite(layers.map((input) => ({ input, blend: 'soft-light' as const })))
    .jpeg({ quality: 88, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const original = await photoLike();
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`,
);
console.log(`original: ${WIDTH}x${HEIGHT} JPEG (q88), ${kb(original.length)}`);

const times: number[] = [];
let last: Awaited<ReturnType<typeof processImage>> | undefined;
for (let run = 1; run <= RUNS; run++) {
  const start = performance.now();
  last = await processImage(original, LIMITS);
  const ms = performance.now() - start;
  times.push(ms);
  console.log(`run ${run}: ${(ms / 1000).toFixed(2)} s`);
}
console.log(
  `median of ${RUNS}: ${(median(times) / 1000).toFixed(2)} s to check, decode, rotate and write ${last!.variants.length} variants`,
);

console.log('\nvariants (bytes, share of the original):');
for (const v of last!.variants) {
  const share = ((v.body.length / original.length) * 100).toFixed(1);
  console.log(
    `  ${String(v.width).padStart(4)}w ${v.format.padEnd(4)} ${kb(v.body.length).padStart(10)}  ${share.padStart(5)} %`,
  );
}
const thumb = (format: string) => last!.variants.find((v) => v.width === 400 && v.format === format)!.body.length;
console.log(
  `\n400w thumbnail: AVIF ${kb(thumb('avif'))}, WebP ${kb(thumb('webp'))}, JPEG ${kb(thumb('jpeg'))} ` +
    `against the ${kb(original.length)} upload (AVIF is ${((thumb('avif') / original.length) * 100).toFixed(2)} % of it)`,
);
