// `npm run bench -- gallery`: a bulk upload of 30 twelve-megapixel JPEGs to an album, as the office's page sends
// them (multipart, GALLERY_PARALLEL at once), on the built server, which answers each at once and processes them in
// its background queue. Measured: the server's RSS before, its peak, and after GALLERY_IDLE_SECONDS idle once the
// last photo is ready (target: back within 20 % of before); `/` and `/gallery` p50/p99 at 10 connections during the
// processing beside the same reads on the idle server before (ratio); the time to all ready and photos per minute.
// The photos are made once with sharp (noise over a gradient, so they compress like camera photos) and kept in
// os.tmpdir()/orbit-bench-gallery. The server runs with MALLOC_ARENA_MAX=2 as the systemd unit example sets it;
// set MALLOC_ARENA_MAX to compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { pidListeningOn, rssMb, watchPeak } from './lib/process-memory.ts';
import { autocannon } from './lib/throughput.ts';

const PHOTOS = Number(process.env.GALLERY_PHOTOS ?? 30);
const PARALLEL = Number(process.env.GALLERY_PARALLEL ?? 3);
const IDLE_SECONDS = Number(process.env.GALLERY_IDLE_SECONDS ?? 60);
const MALLOC_ARENA_MAX = process.env.MALLOC_ARENA_MAX ?? '2';
const WIDTH = 4000;
const HEIGHT = 3000;
export const GALLERY_TARGETS = { rssAfterIdleRatio: 1.2, homeP99Ms: 50 } as const;

interface Reads {
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface GalleryReport {
  cpus: number;
  loadAverageAtStart: string;
  loadAverageAtEnd: string;
  mallocArenaMax: string;
  photos: number;
  megapixels: number;
  uploadSeconds: number;
  allReadySeconds: number;
  photosPerMinute: number;
  failed: number;
  rss: { beforeMb: number; peakMb: number; afterIdleMb: number; idleSeconds: number };
  idle: { home: Reads; gallery: Reads };
  during: { home: Reads; gallery: Reads };
  targets: typeof GALLERY_TARGETS;
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
  const loadavg = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  const loadAverageAtStart = loadavg();
  const files = await photoFiles();
  const server = await startLocalServer({ port, env: { MALLOC_ARENA_MAX, UPLOAD_MAX_MB: '25' } });
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
    const beforeMb = rssMb(pid);
    const peak = watchPeak(pid, 100);

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
    const peakMb = peak.stop();
    const failed = (await states()).filter((p) => p.state === 'failed').length;
    await sleep(IDLE_SECONDS * 1000);
    const afterIdleMb = rssMb(pid);
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
    return {
      cpus: os.cpus().length,
      loadAverageAtStart,
      loadAverageAtEnd: loadavg(),
      mallocArenaMax: MALLOC_ARENA_MAX,
      photos: PHOTOS,
      megapixels: (WIDTH * HEIGHT) / 1e6,
      uploadSeconds,
      allReadySeconds,
      photosPerMinute: (PHOTOS / allReadySeconds) * 60,
      failed,
      rss: { beforeMb, peakMb, afterIdleMb, idleSeconds: IDLE_SECONDS },
      idle,
      during: { home: worst(duringHome), gallery: worst(duringGallery) },
      targets: GALLERY_TARGETS,
    };
  } finally {
    await server.stop();
  }
}

export function printGallery(r: GalleryReport): void {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
  console.log(
    `\nGallery bulk upload (${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start, ${r.loadAverageAtEnd} at the end; ` +
      `MALLOC_ARENA_MAX=${r.mallocArenaMax}): ${r.photos} JPEGs of ${r.megapixels} MP sent ${PARALLEL} at once.`,
  );
  console.log(
    `  all sent (202) in ${r.uploadSeconds.toFixed(1)} s; all processed in ${r.allReadySeconds.toFixed(1)} s`,
  );
  console.log(`  ${r.photosPerMinute.toFixed(1)} photos per minute; failed: ${r.failed}`);
  const idleTarget = Math.round(r.rss.beforeMb * r.targets.rssAfterIdleRatio);
  console.log(
    `  RSS: before ${r.rss.beforeMb} MB, peak ${r.rss.peakMb} MB, after ${r.rss.idleSeconds} s idle ${r.rss.afterIdleMb} MB ` +
      `(target ≤ ${idleTarget} MB: ${r.rss.afterIdleMb <= idleTarget ? 'met' : 'NOT met'})`,
  );
  for (const [name, key] of [
    ['/', 'home'],
    ['/gallery', 'gallery'],
  ] as const) {
    const idle = r.idle[key];
    const during = r.during[key];
    console.log(
      `  ${name.padEnd(9)} idle p50 ${idle.p50} ms p99 ${idle.p99} ms; during processing (worst 2 s round) p50 ${during.p50} ms ` +
        `p99 ${during.p99} ms (${ratio(during.p99, idle.p99)} idle)${key === 'home' ? `, target p99 < ${r.targets.homeP99Ms} ms` : ''}; errors ${idle.errors + during.errors}`,
    );
  }
}
