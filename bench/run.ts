// `npm run bench`: the site's figures, measured with tools the project did not write, from one run.
//   1. build, then first-load JavaScript per public route (gzip) and proof that no public page loads an
//      admin chunk (React Router's build manifest);
//   2. the built server on 127.0.0.1 with the demo content: Lighthouse (mobile, default throttling,
//      Debian's Chromium) on /, /notices, /gallery, /contact, median of 3;
//   3. autocannon: GET /api/notices and GET /api/admission against a static file of the same size served
//      by the same server in the same run;
//   4. the gallery thumbnail bytes the browser picks at a phone and a desktop width, against the uploads;
//   5. scale: 1,000 photos and 500 notices (bench/seed-scale.ts).
// Prints tables and writes bench/results/latest.json. Never part of `npm test`: it fails only when it
// cannot measure. BENCH_PORT (3505), BENCH_RUNS (3), BENCH_SECONDS (5), BENCH_SKIP=lighthouse,scale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { type FirstLoadReport, measureFirstLoad } from './lib/first-load.ts';
import { type ImageChoice, measureGalleryImages } from './lib/images.ts';
import { CHROMIUM, type LighthouseFigures, lighthouse } from './lib/lighthouse.ts';
import { type LoadFigures, load, writeStaticTwin } from './lib/throughput.ts';
import { type ScaleReport, printScale, runScale } from './seed-scale.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3505);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const LIGHTHOUSE_PAGES = ['/', '/notices', '/gallery', '/contact'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
// Chromium and Lighthouse write their settings under the home folder: keep them in the scratch folder.
const toolEnv = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(work, 'config'),
  XDG_CACHE_HOME: path.join(work, 'cache'),
};
const started = Date.now();

console.log('Building (react-router build)...');
const build = spawnSync(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'react-router'), ['build'], {
  cwd: PROJECT_ROOT,
  encoding: 'utf8',
});
if (build.status !== 0) {
  console.error(build.stdout, build.stderr);
  process.exit(1);
}

// ---- 1. First-load JavaScript ------------------------------------------------------------------
const firstLoad: FirstLoadReport = await measureFirstLoad(PROJECT_ROOT);
console.log('\nFirst-load JavaScript per route (gzip, from the build manifest)');
console.table(
  firstLoad.routes.map((r) => ({
    route: r.path,
    files: r.files,
    raw: kb(r.rawBytes),
    gzip: kb(r.gzipBytes),
    'admin chunks loaded': r.route === 'routes/login' ? '(login is part of the admin)' : r.adminChunks.length,
  })),
);
console.log(`Admin-only chunks, never in a public route's first load: ${firstLoad.adminOnlyChunks.length}`);

// ---- 2-4. Against the running server -----------------------------------------------------------
// The API answers' sizes decide the static twins' sizes; static files are listed when the server starts.
const dataDir = path.join(work, 'data');
const sizing = await startLocalServer({ port: PORT, dataDir });
const sizeOf = async (p: string) => (await (await fetch(`${sizing.url}${p}`)).arrayBuffer()).byteLength;
const noticesBytes = await sizeOf('/api/notices');
const admissionBytes = await sizeOf('/api/admission');
await sizing.stop();
const twins = [
  writeStaticTwin(PROJECT_ROOT, 'notices', noticesBytes),
  writeStaticTwin(PROJECT_ROOT, 'admission', admissionBytes),
];

const server = await startLocalServer({ port: PORT, dataDir });
const cleanup = async () => {
  await server.stop();
  for (const t of twins) t.remove();
};
stopOnSignals(cleanup);

const lighthouseFigures: LighthouseFigures[] = [];
const throughput: { api: LoadFigures; static: LoadFigures; ratio: number }[] = [];
let images: ImageChoice[] = [];
try {
  if (!SKIP.has('lighthouse')) {
    for (const page of LIGHTHOUSE_PAGES) {
      process.stdout.write(`Lighthouse ${page} (${RUNS} runs)... `);
      const figures = await lighthouse(PROJECT_ROOT, server.url, page, RUNS, work, toolEnv);
      lighthouseFigures.push(figures);
      console.log(`performance ${figures.performanceRuns.join(', ')}`);
    }
    console.log('\nLighthouse, mobile preset with default throttling (median run)');
    console.table(
      lighthouseFigures.map((f) => ({
        page: f.path,
        performance: f.performance,
        accessibility: f.accessibility,
        'best practices': f.bestPractices,
        SEO: f.seo,
        'LCP s': (f.lcpMs / 1000).toFixed(2),
        'TBT ms': f.tbtMs,
        CLS: f.cls,
        'total KB': (f.totalBytes / 1024).toFixed(0),
      })),
    );
    for (const f of lighthouseFigures.filter((x) => x.failedAudits.length > 0)) {
      console.log(`  ${f.path}: ${f.failedAudits.join('; ')}`);
    }
  }

  for (const [api, twin] of [
    ['/api/notices', twins[0]],
    ['/api/admission', twins[1]],
  ] as const) {
    process.stdout.write(`autocannon ${api} and its static twin, ${SECONDS} s each... `);
    const apiFigures = await load(PROJECT_ROOT, `${server.url}${api}`, SECONDS);
    const staticFigures = await load(PROJECT_ROOT, `${server.url}${twin?.urlPath}`, SECONDS);
    throughput.push({ api: apiFigures, static: staticFigures, ratio: apiFigures.rps / staticFigures.rps });
    console.log('done');
  }
  console.log('\nThroughput on loopback (autocannon, 10 connections; API and a static file of the same size)');
  console.table(
    throughput.flatMap(({ api, static: st, ratio }) => [
      {
        url: api.url,
        bytes: api.bytes,
        'req/s': Math.round(api.rps),
        'p50 ms': api.p50,
        'p99 ms': api.p99,
        errors: api.errors,
        'API / static': ratio.toFixed(2),
      },
      {
        url: st.url,
        bytes: st.bytes,
        'req/s': Math.round(st.rps),
        'p50 ms': st.p50,
        'p99 ms': st.p99,
        errors: st.errors,
        'API / static': '',
      },
    ]),
  );

  images = await measureGalleryImages(server.url, dataDir);
  console.log('\nGallery thumbnails the browser chose (all demo gallery photos), against the original uploads');
  console.table(
    images.map((i) => ({
      viewport: i.viewport,
      photos: i.images,
      chosen: kb(i.chosenBytes),
      originals: kb(i.originalBytes),
      'share of original': `${((i.chosenBytes / i.originalBytes) * 100).toFixed(0)} %`,
      format: i.formats.join(', '),
      'widths picked': i.widths.join(', '),
    })),
  );
} finally {
  await cleanup();
}

// ---- 5. Scale ----------------------------------------------------------------------------------
let scale: ScaleReport | null = null;
if (!SKIP.has('scale')) {
  scale = await runScale({ port: PORT, lighthouseWorkDir: SKIP.has('lighthouse') ? undefined : work, env: toolEnv });
  printScale(scale);
}

const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  seconds: Math.round((Date.now() - started) / 1000),
  firstLoad,
  lighthouse: lighthouseFigures,
  throughput,
  images,
  scale,
};
const out = path.join(PROJECT_ROOT, 'bench', 'results', 'latest.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`\nWritten ${path.relative(PROJECT_ROOT, out)} (${results.seconds} s).`);
