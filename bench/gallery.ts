// `npm run bench -- gallery`: a bulk upload of GALLERY_PHOTOS (50) twelve-megapixel JPEGs to an album, sent as
// the office's page sends them (multipart, GALLERY_PARALLEL at once: 2, as the page does; 50 for all at once), on
// the built server, which answers each at once and processes them in its background queue. Measured: the time
// to all variants and photos per minute, beside sharp's own single-thread figure (the same photos through
// processImage in this process, one at a time, sharp.concurrency(1), no server); the memory of the server and its
// photo process together (and of the server alone) before, at the peak and after GALLERY_IDLE_SECONDS (60) idle
// once the last photo is ready; `/` and `/gallery` p50/p99 at 10 connections during the processing beside the
// same reads on the idle server before (ratio). Then a gallery of GALLERY_ALBUMS (100) albums and
// GALLERY_SCALE_PHOTOS (5,000; 0 skips it) photos, the newest album holding 100, seeded as rows reusing the
// demo's processed files (as bench/seed-scale.ts does): `/gallery` and that album's HTML size and render time
// (render cache off, median). The photos are made once with sharp (noise over a gradient, so they compress like
// camera photos) and kept in os.tmpdir()/orbit-bench-gallery. The server runs with MALLOC_ARENA_MAX=2 as the
// systemd unit example sets it; set MALLOC_ARENA_MAX to compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { openDb } from '#server/db/db.ts';
import { processImage } from '#server/images/image-pipeline.ts';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { insertInSlices } from './lib/insert-in-slices.ts';
import { pidListeningOn, rssMb, treeRssMb } from './lib/process-memory.ts';
import { autocannon } from './lib/throughput.ts';
import { SCALE_BUDGETS, timePage } from './seed-scale.ts';

const PHOTOS = Number(process.env.GALLERY_PHOTOS ?? 50);
const PARALLEL = Number(process.env.GALLERY_PARALLEL ?? 2);
const IDLE_SECONDS = Number(process.env.GALLERY_IDLE_SECONDS ?? 60);
const ALBUMS = Number(process.env.GALLERY_ALBUMS ?? 100);
const SCALE_PHOTOS = Number(process.env.GALLERY_SCALE_PHOTOS ?? 5000);
const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '2';
const WIDTH = 4000;
const HEIGHT = 3000;
/** The largest album of the scale gallery: the page budgets speak of an album of 100 photos. */
const BIG_ALBUM = 100;
const UPLOAD_MAX_MB = 25;
export const GALLERY_TARGETS = { rssAfterIdleRatio: 1.2, homeP99Ms: 50, peakMb: 600 } as const;

interface Reads {
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

interface ScalePage {
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  renderMsMedian: number;
  renderMsMax: number;
  imgTags: number;
}

export interface GalleryReport {
  cpus: number;
  loadAverageAtStart: string;
  loadAverageAtEnd: string;
  mallocArenaMax: string;
  photos: number;
  parallel: number;
  megapixels: number;
  uploadSeconds: number;
  allReadySeconds: number;
  photosPerMinute: number;
  failed: number;
  /** The same photos through processImage in the bench's process, one at a time, on one libvips thread. */
  singleThread: { seconds: number; photosPerMinute: number; loadAverage: string };
  /** The server with its photo process (`tree`), and the server's process alone. */
  rss: {
    beforeMb: number;
    peakMb: number;
    afterIdleMb: number;
    serverPeakMb: number;
    serverAfterIdleMb: number;
    idleSeconds: number;
  };
  idle: { home: Reads; gallery: Reads };
  during: { home: Reads; gallery: Reads };
  scale: { albums: number; photos: number; seedSeconds: number; runs: number; pages: ScalePage[] } | null;
  targets: typeof GALLERY_TARGETS;
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Samples the server's memory (with its photo process, and alone) until stopped; answers the highest of each. */
function watchPeaks(pid: number, everyMs: number): { stop: () => { tree: number; server: number } } {
  let tree = treeRssMb(pid);
  let server = rssMb(pid);
  const sample = () => {
    tree = Math.max(tree, treeRssMb(pid));
    server = Math.max(server, rssMb(pid));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { tree, server };
    },
  };
}

/** Twelve-megapixel JPEGs, made once and kept: a gradient under strong noise, each a little different. */
async function photoFiles(): Promise<string[]> {
  const dir = path.join(os.tmpdir(), 'orbit-bench-gallery');
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(dir, `photo-${WIDTH}x${HEIGHT}-${i}.jpg`);
    if (!fs.existsSync(file)) {
      const noise = await sharp({
        create: {
          width: WIDTH,
          height: HEIGHT,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .png()
        .toBuffer();
      const gradient = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
          `<stop offset="0" stop-color="hsl(${(i * 37) % 360},70%,40%)"/><stop offset="1" stop-color="hsl(${(i * 37 + 120) % 360},70%,70%)"/>` +
          `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
      );
      await sharp(gradient)
        .composite([{ input: noise, blend: 'overlay' }])
        .jpeg({ quality: 88 })
        .toFile(file);
    }
    files.push(file);
  }
  return files;
}

const reads = (run: Awaited<ReturnType<typeof autocannon>>): Reads => ({
  p50: run.latency.p50,
  p99: run.latency.p99,
  requests: run.requests.total,
  errors: run.errors + run.non2xx,
});

export async function runGallery({ port }: { port: number }): Promise<GalleryReport> {
  const loadAverageAtStart = loadavg();
  const files = await photoFiles();
  const server = await startLocalServer({ port, env: { MALLOC_ARENA_MAX, UPLOAD_MAX_MB: String(UPLOAD_MAX_MB) } });
  stopOnSignals(() => server.stop());
  try {
    const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
    const headers = { cookie, origin: server.url, 'sec-fetch-site': 'same-origin' };
    const created = await fetch(`${server.url}/api/admin/albums`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        slug: 'bench-sports-week',
        titleEn: 'Sports week',
        titleNe: 'खेलकुद सप्ताह',
        heldOn: '',
        descriptionEn: '',
        descriptionNe: '',
        published: true,
      }),
    });
    if (created.status !== 201) throw new Error(`album: ${created.status} ${await created.text()}`);
    const album = (await created.json()) as { id: string };

    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    const idle = {
      home: reads(await autocannon(PROJECT_ROOT, `${server.url}/`, seconds)),
      gallery: reads(await autocannon(PROJECT_ROOT, `${server.url}/gallery`, seconds)),
    };
    const pid = pidListeningOn(port);
    // After the idle reads, so "before" is a warmed server, as the office would find it.
    const beforeMb = treeRssMb(pid);
    const peak = watchPeaks(pid, 250);

    const started = performance.now();
    const ids: string[] = [];
    const queue = [...files];
    const sendOne = async (file: string) => {
      const form = new FormData();
      form.set('file', new Blob([fs.readFileSync(file)], { type: 'image/jpeg' }), path.basename(file));
      const res = await fetch(`${server.url}/api/admin/albums/${album.id}/photos`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: string }).id);
    };
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await sendOne(next);
      }),
    );
    const uploadSeconds = (performance.now() - started) / 1000;

    const states = async () => {
      const res = await fetch(`${server.url}/api/admin/photos/states?ids=${ids.join(',')}`, { headers });
      return ((await res.json()) as { photos: { state: string }[] }).photos;
    };
    // Reads during the processing, in rounds, until every photo is ready or failed.
    const duringHome: Reads[] = [];
    const duringGallery: Reads[] = [];
    let allReadyAt = 0;
    for (;;) {
      const now = await states();
      if (now.every((p) => p.state !== 'processing')) {
        allReadyAt = performance.now();
        break;
      }
      duringHome.push(reads(await autocannon(PROJECT_ROOT, `${server.url}/`, 2)));
      duringGallery.push(reads(await autocannon(PROJECT_ROOT, `${server.url}/gallery`, 2)));
      if (performance.now() - started > 900_000) throw new Error('the photos were not processed within 15 minutes');
    }
    const peaks = peak.stop();
    const failed = (await states()).filter((p) => p.state === 'failed').length;
    await sleep(IDLE_SECONDS * 1000);
    const afterIdleMb = treeRssMb(pid);
    const serverAfterIdleMb = rssMb(pid);
    // The worst round of each, as a visitor meeting the busiest moment would.
    const worst = (rounds: Reads[]): Reads =>
      rounds.length === 0
        ? { p50: 0, p99: 0, requests: 0, errors: 0 }
        : {
            p50: Math.max(...rounds.map((r) => r.p50)),
            p99: Math.max(...rounds.map((r) => r.p99)),
            requests: rounds.reduce((n, r) => n + r.requests, 0),
            errors: rounds.reduce((n, r) => n + r.errors, 0),
          };
    const allReadySeconds = (allReadyAt - started) / 1000;
    await server.stop();
    const singleThread = await processOneByOne(files);
    const scale = SCALE_PHOTOS > 0 ? await runScale(port) : null;
    return {
      cpus: os.cpus().length,
      loadAverageAtStart,
      loadAverageAtEnd: loadavg(),
      mallocArenaMax: MALLOC_ARENA_MAX,
      photos: PHOTOS,
      parallel: PARALLEL,
      megapixels: (WIDTH * HEIGHT) / 1e6,
      uploadSeconds,
      allReadySeconds,
      photosPerMinute: (PHOTOS / allReadySeconds) * 60,
      failed,
      singleThread,
      rss: {
        beforeMb,
        peakMb: peaks.tree,
        afterIdleMb,
        serverPeakMb: peaks.server,
        serverAfterIdleMb,
        idleSeconds: IDLE_SECONDS,
      },
      idle,
      during: { home: worst(duringHome), gallery: worst(duringGallery) },
      scale,
      targets: GALLERY_TARGETS,
    };
  } finally {
    await server.stop();
  }
}

/** sharp's own figure: the same photos through processImage here, one at a time, on one libvips thread. */
async function processOneByOne(files: string[]): Promise<GalleryReport['singleThread']> {
  const concurrency = sharp.concurrency();
  sharp.concurrency(1);
  try {
    const limits = { maxBytes: UPLOAD_MAX_MB * 1024 * 1024, maxPixels: 40e6 };
    const started = performance.now();
    for (const file of files) await processImage(fs.readFileSync(file), limits);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, photosPerMinute: (files.length / seconds) * 60, loadAverage: loadavg() };
  } finally {
    sharp.concurrency(concurrency);
  }
}

/** B.S. dates from the newest down, one per album: 2082-08-28, 2082-08-27, … (days 1 to 28 of each month). */
const heldOn = (i: number) => {
  const months = 2082 * 12 + 7 - Math.floor(i / 28);
  const month = String((months % 12) + 1).padStart(2, '0');
  return `${Math.floor(months / 12)}-${month}-${String(28 - (i % 28)).padStart(2, '0')}`;
};

/** Albums and photos added to a DATA_DIR the server has seeded with the demo; the newest album holds BIG_ALBUM. */
async function seedAlbums(dataDir: string): Promise<string> {
  const db = openDb({ dataDir });
  try {
    const demo = await db
      .selectFrom('images')
      .selectAll()
      .where('folder', '=', 'gallery')
      .where('state', '=', 'ready')
      .execute();
    if (demo.length === 0) throw new Error('No demo gallery photos to copy: start from a demo DATA_DIR.');
    const now = Date.now();
    const albums = Array.from({ length: ALBUMS }, (_, i) => ({
      id: randomUUID(),
      slug: `bench-album-${i}`,
      title_en: `Sports week ${i + 1}`,
      title_ne: `खेलकुद सप्ताह ${i + 1}`,
      held_on: heldOn(i),
      description_en: 'Races, football and volleyball on the college ground, with the prize distribution.',
      description_ne: 'कलेज मैदानमा दौड, फुटबल र भलिबल, पुरस्कार वितरणसहित।',
      cover_image_id: null,
      published: 1,
      created_at: new Date(now - i * 60_000).toISOString(),
      updated_at: new Date(now - i * 60_000).toISOString(),
    }));
    const perAlbum = new Map<number, number>();
    const photos = Array.from({ length: SCALE_PHOTOS }, (_, i) => {
      const album = i < BIG_ALBUM ? 0 : 1 + ((i - BIG_ALBUM) % Math.max(1, ALBUMS - 1));
      const position = (perAlbum.get(album) ?? 0) + 1;
      perAlbum.set(album, position);
      const from = demo[i % demo.length]!;
      const id = randomUUID();
      return {
        ...from,
        id,
        storage_key: `img/${id}`,
        album_id: albums[album]!.id,
        position,
        caption_en: `Photo ${position} of the day`,
        caption_ne: `दिनको फोटो ${position}`,
        alt_en: `Students at the sports week, photo ${position}`,
        alt_ne: `खेलकुद सप्ताहमा विद्यार्थी, फोटो ${position}`,
        created_at: new Date(now - i * 1000).toISOString(),
      };
    });
    await insertInSlices(db, 'gallery_albums', albums);
    await insertInSlices(db, 'images', photos);
    const firstOf = new Map<string, string>();
    for (const photo of photos) if (!firstOf.has(photo.album_id)) firstOf.set(photo.album_id, photo.id);
    for (const [albumId, imageId] of firstOf)
      await db.updateTable('gallery_albums').set({ cover_image_id: imageId }).where('id', '=', albumId).execute();
    return albums[0]!.slug;
  } finally {
    await db.destroy();
  }
}

/** `/gallery` and the biggest album's page at ALBUMS albums and SCALE_PHOTOS photos: HTML size and render time. */
async function runScale(port: number): Promise<NonNullable<GalleryReport['scale']>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-gallery-scale-'));
  try {
    const first = await startLocalServer({ port, dataDir });
    await first.stop();
    const seedStart = performance.now();
    const slug = await seedAlbums(dataDir);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // The render cache off: the figures are real renders, not answers from memory.
    const server = await startLocalServer({ port, dataDir, env: { RENDER_CACHE: 'false' } });
    const runs = Number(process.env.BENCH_RUNS_PAGES ?? 15);
    try {
      const pages: ScalePage[] = [];
      for (const urlPath of ['/gallery', `/gallery/${slug}`]) {
        const { body, times } = await timePage(`${server.url}${urlPath}`, runs);
        pages.push({
          path: urlPath,
          htmlBytes: Buffer.byteLength(body),
          htmlGzipBytes: gzipSync(body).length,
          renderMsMedian: Math.round((times[Math.floor(times.length / 2)] ?? Number.NaN) * 10) / 10,
          renderMsMax: Math.round((times[times.length - 1] ?? Number.NaN) * 10) / 10,
          imgTags: (body.match(/<img\b/gu) ?? []).length,
        });
      }
      return { albums: ALBUMS, photos: SCALE_PHOTOS, seedSeconds, runs, pages };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printGallery(r: GalleryReport): void {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  console.log(
    `\nGallery bulk upload (${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start, ${r.loadAverageAtEnd} at the end; ` +
      `MALLOC_ARENA_MAX=${r.mallocArenaMax}): ${r.photos} JPEGs of ${r.megapixels} MP sent ${r.parallel} at once.`,
  );
  console.log(
    `  all sent (202) in ${r.uploadSeconds.toFixed(1)} s; all processed in ${r.allReadySeconds.toFixed(1)} s ` +
      `(${r.photosPerMinute.toFixed(1)} photos per minute); failed: ${r.failed}`,
  );
  console.log(
    `  sharp alone, one at a time on one thread, no server: ${r.singleThread.seconds.toFixed(1)} s ` +
      `(${r.singleThread.photosPerMinute.toFixed(1)} photos per minute; load average ${r.singleThread.loadAverage} after); ` +
      `the server took ${ratio(r.allReadySeconds, r.singleThread.seconds)} that`,
  );
  const idleTarget = Math.round(r.rss.beforeMb * r.targets.rssAfterIdleRatio);
  console.log(
    `  RSS, server with its photo process: before ${r.rss.beforeMb} MB, peak ${r.rss.peakMb} MB ` +
      `(target < ${r.targets.peakMb} MB: ${r.rss.peakMb < r.targets.peakMb ? 'met' : 'NOT met'}), ` +
      `after ${r.rss.idleSeconds} s idle ${r.rss.afterIdleMb} MB (target ≤ ${idleTarget} MB: ${r.rss.afterIdleMb <= idleTarget ? 'met' : 'NOT met'}); ` +
      `the server's process alone: peak ${r.rss.serverPeakMb} MB, after idle ${r.rss.serverAfterIdleMb} MB`,
  );
  for (const [name, key] of [
    ['/', 'home'],
    ['/gallery', 'gallery'],
  ] as const) {
    const idle = r.idle[key];
    const during = r.during[key];
    const target =
      key === 'home'
        ? `, target p99 < ${r.targets.homeP99Ms} ms: ${during.p99 < r.targets.homeP99Ms ? 'met' : 'NOT met'}`
        : '';
    console.log(
      `  ${name.padEnd(9)} 10 connections: idle p50 ${idle.p50} ms p99 ${idle.p99} ms; during processing (worst 2 s round) ` +
        `p50 ${during.p50} ms p99 ${during.p99} ms (${ratio(during.p99, idle.p99)} idle)${target}; errors ${idle.errors + during.errors}`,
    );
  }
  if (r.scale) {
    console.log(
      `\nGallery at scale: ${r.scale.albums} albums, ${r.scale.photos} photos (seeded in ${r.scale.seedSeconds.toFixed(1)} s), ` +
        `render cache off, median of ${r.scale.runs}`,
    );
    console.table(
      r.scale.pages.map((p) => ({
        page: p.path,
        'HTML KB': (p.htmlBytes / 1024).toFixed(0),
        'HTML gzip KB': (p.htmlGzipBytes / 1024).toFixed(1),
        'render ms (median)': p.renderMsMedian,
        'render ms (max)': p.renderMsMax,
        '<img> tags': p.imgTags,
        [`within budget (${SCALE_BUDGETS.htmlGzipBytes / 1024} KB gzip, ${SCALE_BUDGETS.renderMs} ms)`]:
          p.htmlGzipBytes <= SCALE_BUDGETS.htmlGzipBytes && p.renderMsMedian <= SCALE_BUDGETS.renderMs ? 'yes' : 'NO',
      })),
    );
  }
}
