// Scale of content: 1,000 gallery photos and 500 notices in a benchmark DATA_DIR, then the HTML bytes
// and server render time of /gallery, /notices and / at that size, checked against the budgets.
//   node --import tsx bench/seed-scale.ts          (also a step of `npm run bench`)
// Photos reuse the demo's processed variant files (one row per photo, as an upload makes it; the pages
// render every row), so seeding takes seconds. Prints figures; never fails a test run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openDb } from '#server/db/db.ts';
import { PROJECT_ROOT, startLocalServer } from '../scripts/support/local-server.ts';
import { insertInSlices } from './lib/insert-in-slices.ts';
import { type LighthouseFigures, lighthouse } from './lib/lighthouse.ts';

export const SCALE = { photos: 1000, notices: 500 } as const;

/** What a page may weigh and take at that size (docs/performance.md says why). */
export const SCALE_BUDGETS = {
  /** HTML of one page, gzip: about what a phone on a slow 3G link fetches in a second. */
  htmlGzipBytes: 50 * 1024,
  /** Server time to render the whole page (median, loopback, no network). */
  renderMs: 100,
} as const;

export interface ScalePage {
  path: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  /** Median and slowest of the timed requests, from sending the request to the last byte. */
  renderMsMedian: number;
  renderMsMax: number;
  imgTags: number;
  withinBudget: boolean;
  /** One Lighthouse run (mobile) at this size, when asked for. */
  lighthouse: Pick<LighthouseFigures, 'performance' | 'lcpMs' | 'tbtMs' | 'cls' | 'totalBytes'> | null;
}

export interface ScaleReport {
  photos: number;
  notices: number;
  seedSeconds: number;
  pages: ScalePage[];
}

const DAY = 24 * 60 * 60 * 1000;

/** Adds photos and notices to a DATA_DIR that the server has already seeded with the demo content, up to `counts`. */
export async function seed(dataDir: string, counts: { photos: number; notices: number } = SCALE): Promise<void> {
  const db = openDb({ dataDir });
  try {
    const demo = await db.selectFrom('images').selectAll().where('folder', '=', 'gallery').execute();
    if (demo.length === 0) throw new Error('No demo gallery photos to copy: start from a demo DATA_DIR.');
    const now = Date.now();
    const photos = Array.from({ length: Math.max(0, counts.photos - demo.length) }, (_, i) => {
      const from = demo[i % demo.length]!;
      const id = randomUUID();
      return { ...from, id, storage_key: `img/${id}`, created_at: new Date(now - (i + 1) * 60_000).toISOString() };
    });
    const notices = Array.from({ length: Math.max(0, counts.notices - 5) }, (_, i) => ({
      id: randomUUID(),
      title: `Notice ${i + 1}: class routine for the week`,
      description:
        'The class routine for the coming week has been published on the notice board. Students are requested to check the timings of their practical classes and report on time.',
      link: i % 3 === 0 ? 'https://example.com/routine' : null,
      created_at: new Date(now - 60 * DAY - i * DAY).toISOString(),
    }));
    await insertInSlices(db, 'images', photos);
    for (let i = 0; i < notices.length; i += 200)
      await db
        .insertInto('notices')
        .values(
          notices
            .slice(i, i + 200)
            .map((n) => ({ ...n, category: 'general', publish_at: n.created_at, updated_at: n.created_at })),
        )
        .execute();
  } finally {
    await db.destroy();
  }
}

/** The page `runs` times after two warm-up requests: its last body and the times sorted, in ms. */
export async function timePage(url: string, runs: number): Promise<{ body: string; times: number[] }> {
  let body = '';
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const res = await fetch(url);
    body = await res.text();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 2) times.push(performance.now() - started); // the first two warm up
  }
  return { body, times: times.sort((a, b) => a - b) };
}

export interface ScaleOptions {
  port: number;
  /** Timed requests per page. */
  runs?: number;
  /** Also one Lighthouse run per page (needs a scratch folder for its reports). */
  lighthouseWorkDir?: string;
  env?: NodeJS.ProcessEnv;
}

export async function runScale({
  port,
  runs = 15,
  lighthouseWorkDir,
  env = process.env,
}: ScaleOptions): Promise<ScaleReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-scale-'));
  try {
    // The first start migrates and seeds the demo (with real processed images); then the bulk rows go in.
    const first = await startLocalServer({ port, dataDir });
    await first.stop();
    const seedStart = performance.now();
    await seed(dataDir);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // The render cache off: the figures are real renders, not answers from memory.
    const server = await startLocalServer({ port, dataDir, env: { RENDER_CACHE: 'false' } });
    try {
      const pages: ScalePage[] = [];
      for (const urlPath of ['/gallery', '/notices', '/']) {
        const { body, times } = await timePage(`${server.url}${urlPath}`, runs);
        const htmlGzipBytes = gzipSync(body).length;
        const renderMsMedian = times[Math.floor(times.length / 2)] ?? Number.NaN;
        pages.push({
          path: urlPath,
          htmlBytes: Buffer.byteLength(body),
          htmlGzipBytes,
          renderMsMedian: Math.round(renderMsMedian * 10) / 10,
          renderMsMax: Math.round((times[times.length - 1] ?? Number.NaN) * 10) / 10,
          imgTags: (body.match(/<img\b/gu) ?? []).length,
          withinBudget: htmlGzipBytes <= SCALE_BUDGETS.htmlGzipBytes && renderMsMedian <= SCALE_BUDGETS.renderMs,
          lighthouse: null,
        });
        if (lighthouseWorkDir) {
          const f = await lighthouse(PROJECT_ROOT, server.url, urlPath, 1, lighthouseWorkDir, env);
          pages[pages.length - 1]!.lighthouse = {
            performance: f.performance,
            lcpMs: f.lcpMs,
            tbtMs: f.tbtMs,
            cls: f.cls,
            totalBytes: f.totalBytes,
          };
        }
      }
      return { photos: SCALE.photos, notices: SCALE.notices, seedSeconds: Math.round(seedSeconds * 10) / 10, pages };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printScale(report: ScaleReport): void {
  console.log(`\nScale: ${report.photos} photos and ${report.notices} notices (seeded in ${report.seedSeconds} s)`);
  console.table(
    report.pages.map((p) => ({
      page: p.path,
      'HTML KB': (p.htmlBytes / 1024).toFixed(0),
      'HTML gzip KB': (p.htmlGzipBytes / 1024).toFixed(1),
      'render ms (median)': p.renderMsMedian,
      'render ms (max)': p.renderMsMax,
      '<img> tags': p.imgTags,
      [`within budget (${SCALE_BUDGETS.htmlGzipBytes / 1024} KB gzip, ${SCALE_BUDGETS.renderMs} ms)`]: p.withinBudget
        ? 'yes'
        : 'NO',
      'Lighthouse perf': p.lighthouse?.performance ?? '',
      'LCP s': p.lighthouse ? (p.lighthouse.lcpMs / 1000).toFixed(2) : '',
      'TBT ms': p.lighthouse?.tbtMs ?? '',
      'page KB': p.lighthouse ? (p.lighthouse.totalBytes / 1024).toFixed(0) : '',
    })),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = Number(process.env.BENCH_PORT ?? 3506);
  if (!fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) {
    console.error('No build: run `npm run build` first.');
    process.exit(1);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-scale-lh-'));
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(work, 'config'), XDG_CACHE_HOME: path.join(work, 'cache') };
  const report = await runScale({
    port,
    lighthouseWorkDir: process.env.BENCH_SKIP?.includes('lighthouse') ? undefined : work,
    env,
  });
  fs.rmSync(work, { recursive: true, force: true });
  printScale(report);
  fs.mkdirSync(path.join(PROJECT_ROOT, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(PROJECT_ROOT, 'bench', 'results', 'scale.json'), JSON.stringify(report, null, 2));
}
