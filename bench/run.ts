// `npm run bench`: the site's figures, measured with tools the project did not write, from one run.
//   1. build, then first-load JavaScript per public route (gzip) and proof that no public page loads an
//      admin chunk (React Router's build manifest);
//   2. the built server on 127.0.0.1 with the demo content: Lighthouse (mobile, default throttling,
//      Debian's Chromium) on /, /notices, /gallery, an album, /contact, /ne, /admission and /ne/admission
//      with a published season, the application form in both languages, and a notice page with a 10-page
//      PDF attached (published through the admin API), median of 3, with each page's JavaScript as transferred;
//   3. autocannon: GET /api/notices and GET /api/admission against a static file of the same size served
//      by the same server in the same run;
//   4. the gallery thumbnail bytes the browser picks at a phone and a desktop width, against the uploads;
//   5. scale: 1,000 photos and 500 notices (bench/seed-scale.ts);
//   6. results day: 200 connections on /, /notices and /api/notices, memory, a sign-in storm and page
//      forms posted without JavaScript (bench/results-day.ts; about 7 minutes);
//   7. admissions: an application posted through the page with a 3 MB photo, a deadline rush of 300
//      applications while /admission is read, the office's pages and CSV export at 5,000 (bench/admissions.ts);
//   8. search: the admin's search over 10,000 notices, 5,000 inquiries and 5,000 applications, Latin and
//      Devanagari, on SQLite and (with DATABASE_URL) PostgreSQL (bench/search.ts);
//   9. backup: the server's backup of 1 GB of photos and 5,000 applications, and `/` p99 at 10
//      connections meanwhile (bench/backup.ts);
//   10. outbox: 1,000 queued e-mails sent through a local SMTP server while / is read on 10 connections
//      (bench/outbox.ts);
//   11. results: the entrance results look-up at 2,000 applicants, 200 connections, and a walk of 1,000 dates of
//      birth for one roll number (bench/results.ts);
//   12. gallery: 50 twelve-megapixel JPEGs uploaded to an album (2 at once, as the office's page) and processed by
//      the background queue: time to all variants beside sharp's own single-thread figure, memory before, peak and
//      after a minute idle, `/` and `/gallery` during the processing beside idle; then 100 albums and 5,000 photos:
//      `/gallery` and an album of 100 photos, HTML size and render time (bench/gallery.ts).
//   13. import: a WordPress export of 2,000 posts with 5,000 files (IMPORT_POSTS, IMPORT_ATTACHMENTS) brought over
//      by `npm run import` into a running server's data folder: time, the import's peak memory, `/` meanwhile
//      (bench/import.ts).
// Prints tables and writes bench/results/latest.json. Never part of `npm test`: it fails only when it
// cannot measure. BENCH_PORT (3505), BENCH_RUNS (3), BENCH_SECONDS (5), BENCH_SKIP=lighthouse,scale,
// BENCH_PAGES=/admission/apply,/ne (Lighthouse on those pages only), BENCH_KEEP=1 (keep the scratch folder
// with the Lighthouse reports), BENCH_TRACES=1 (and each run's trace beside its report, for the main thread's tasks;
// `node --import tsx bench/lantern-tasks.ts FOLDER` then shows which tasks make each run's simulated blocking time).
// Named steps run alone, after the build: `npm run bench -- results-day` (results in bench/results/<steps>.json).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { type FirstLoadReport, measureFirstLoad } from './lib/first-load.ts';
import { type ImageChoice, measureGalleryImages } from './lib/images.ts';
import { defaultAlbum } from '#common/gallery.ts';
import { english } from '#common/site-content/local-text.ts';
import { college } from '#content/college.ts';
import { adminCookie, publishDemoSeason, publishNoticeWithPdf } from './lib/admin-write.ts';
import { CHROMIUM, type LighthouseFigures, lighthouse, systemDevanagariFonts } from './lib/lighthouse.ts';
import { type LoadFigures, load, writeStaticTwin } from './lib/throughput.ts';
import { type AdmissionsReport, printAdmissions, runAdmissions } from './admissions.ts';
import { type BackupReport, printBackupBench, runBackupBench } from './backup.ts';
import { type GalleryReport, printGallery, runGallery } from './gallery.ts';
import { type OutboxReport, printOutbox, runOutbox } from './outbox.ts';
import { type ImportBenchReport, printImportBench, runImportBench } from './import.ts';
import { type ResultsDayReport, printResultsDay, runResultsDay } from './results-day.ts';
import { type ResultsReport, printResults, runResults } from './results.ts';
import { type ScaleReport, printScale, runScale } from './seed-scale.ts';
import { type SearchReport, printSearch, runSearch } from './search.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3505);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const STEPS = [
  'first-load',
  'lighthouse',
  'throughput',
  'images',
  'scale',
  'results-day',
  'admissions',
  'search',
  'backup',
  'outbox',
  'results',
  'gallery',
  'import',
];
const ONLY = process.argv.slice(2);
const unknownSteps = ONLY.filter((step) => !STEPS.includes(step));
if (unknownSteps.length > 0) {
  console.error(`Unknown step ${unknownSteps.join(', ')}; the steps are ${STEPS.join(', ')}.`);
  process.exit(2);
}
const wanted = (step: string) => (ONLY.length > 0 ? ONLY.includes(step) : !SKIP.has(step));
// The album page: the seeded demo's photos, in the album made for photos sent without one (named after the demo).
const DEMO_ALBUM = defaultAlbum(english(college.shortName)).slug;
const LIGHTHOUSE_PAGES = ['/', '/notices', '/gallery', `/gallery/${DEMO_ALBUM}`, '/contact'];
/** BENCH_PAGES=/admission/apply,/ne/admission/apply: Lighthouse on these of its pages only. */
const LIGHTHOUSE_ONLY = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if ((wanted('lighthouse') || wanted('images')) && !fs.existsSync(CHROMIUM)) {
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
const firstLoad: FirstLoadReport | null = wanted('first-load') ? await measureFirstLoad(PROJECT_ROOT) : null;
if (firstLoad) printFirstLoad(firstLoad);

function printFirstLoad(firstLoad: FirstLoadReport): void {
  console.log(
    "\nJavaScript a route would load with the client runtime (gzip, from the build manifest): the admin and /login load it; public pages do not (their JavaScript as transferred is the Lighthouse table's JS column)",
  );
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
}

// ---- 2-4. Against the running server -----------------------------------------------------------
type ThroughputRow = { api: LoadFigures; static: LoadFigures; ratio: number };
const serverSteps = ['lighthouse', 'throughput', 'images'].some(wanted)
  ? await measureAgainstServer()
  : { lighthouseFigures: [], throughput: [], images: [] };
const { lighthouseFigures, throughput, images } = serverSteps;

async function measureAgainstServer(): Promise<{
  lighthouseFigures: LighthouseFigures[];
  throughput: ThroughputRow[];
  images: ImageChoice[];
}> {
  // The API answers' sizes decide the static twins' sizes; static files are listed when the server starts.
  const dataDir = path.join(work, 'data');
  // The first start makes the admin with this password; the second start signs in with it.
  const env = { ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
  const sizing = await startLocalServer({ port: PORT, dataDir, env });
  const sizeOf = async (p: string) => (await (await fetch(`${sizing.url}${p}`)).arrayBuffer()).byteLength;
  const noticesBytes = await sizeOf('/api/notices');
  const admissionBytes = await sizeOf('/api/admission');
  await sizing.stop();
  const twins = [
    writeStaticTwin(PROJECT_ROOT, 'notices', noticesBytes),
    writeStaticTwin(PROJECT_ROOT, 'admission', admissionBytes),
  ];

  const server = await startLocalServer({ port: PORT, dataDir, env });
  const cleanup = async () => {
    await server.stop();
    for (const t of twins) t.remove();
  };
  stopOnSignals(cleanup);

  const lighthouseFigures: LighthouseFigures[] = [];
  const throughput: ThroughputRow[] = [];
  let images: ImageChoice[] = [];
  try {
    if (wanted('lighthouse')) {
      // Also the Nepali home page and a notice page with a PDF attached, published through the admin API.
      const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
      // And the admission page with a published season (two programmes, fees, a scholarship quota), in both languages.
      await publishDemoSeason(server.url, cookie);
      const allPages = [
        ...LIGHTHOUSE_PAGES,
        '/ne',
        '/admission',
        '/ne/admission',
        '/admission/apply',
        '/ne/admission/apply',
        await publishNoticeWithPdf(server.url, cookie),
      ];
      const pages = LIGHTHOUSE_ONLY.length > 0 ? allPages.filter((p) => LIGHTHOUSE_ONLY.includes(p)) : allPages;
      if (pages.length < LIGHTHOUSE_ONLY.length) {
        throw new Error(`BENCH_PAGES names pages Lighthouse does not measure; it measures ${allPages.join(', ')}.`);
      }
      for (const page of pages) {
        process.stdout.write(`Lighthouse ${page} (${RUNS} runs)... `);
        const figures = await lighthouse(PROJECT_ROOT, server.url, page, RUNS, work, toolEnv);
        lighthouseFigures.push(figures);
        console.log(`performance ${figures.performanceRuns.join(', ')}`);
      }
      console.log(
        "\nLighthouse, mobile preset with default throttling: Lighthouse's median run (the one closest to the median first paint and time to interactive; 'runs at 100' counts every run)",
      );
      console.table(
        lighthouseFigures.map((f) => ({
          page: f.path,
          performance: f.performance,
          'runs at 100': `${f.performanceRuns.filter((score) => score === 100).length} of ${f.runs}`,
          accessibility: f.accessibility,
          'best practices': f.bestPractices,
          SEO: f.seo,
          'LCP s': (f.lcpMs / 1000).toFixed(2),
          'TBT ms': f.tbtMs,
          CLS: f.cls,
          'JS KiB': (f.scriptBytes / 1024).toFixed(2),
          'total KB': (f.totalBytes / 1024).toFixed(0),
        })),
      );
      for (const f of lighthouseFigures.filter((x) => x.failedAudits.length > 0)) {
        console.log(`  ${f.path}: ${f.failedAudits.join('; ')}`);
      }
      const devanagari = systemDevanagariFonts(toolEnv);
      console.log(
        devanagari.length > 0
          ? `Chromium's system Devanagari font (what a phone shows before the served font comes): ${devanagari.join(', ')}`
          : "Chromium has no system Devanagari font here, where a phone has one: the Nepali pages' CLS counts the swap from empty boxes to the served font. Install one (apt-get install fonts-noto-core) and measure again.",
      );
    }

    if (wanted('throughput')) {
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
    }

    if (wanted('images')) {
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
    }
  } finally {
    await cleanup();
  }
  return { lighthouseFigures, throughput, images };
}

// ---- 5. Scale ----------------------------------------------------------------------------------
let scale: ScaleReport | null = null;
if (wanted('scale')) {
  scale = await runScale({ port: PORT, lighthouseWorkDir: wanted('lighthouse') ? work : undefined, env: toolEnv });
  printScale(scale);
}

// ---- 6. Results day ----------------------------------------------------------------------------
let resultsDay: ResultsDayReport | null = null;
if (wanted('results-day')) {
  resultsDay = await runResultsDay({ port: PORT });
  printResultsDay(resultsDay);
}

// ---- 7. Admissions ------------------------------------------------------------------------------
let admissions: AdmissionsReport | null = null;
if (wanted('admissions')) {
  admissions = await runAdmissions({ port: PORT });
  printAdmissions(admissions);
}

// ---- 8. Search ----------------------------------------------------------------------------------
let search: SearchReport | null = null;
if (wanted('search')) {
  search = await runSearch();
  printSearch(search);
}

// ---- 9. Backup ----------------------------------------------------------------------------------
let backup: BackupReport | null = null;
if (wanted('backup')) {
  backup = await runBackupBench({ port: PORT });
  printBackupBench(backup);
}

// ---- 10. Outbox ---------------------------------------------------------------------------------
let outbox: OutboxReport | null = null;
if (wanted('outbox')) {
  outbox = await runOutbox({ port: PORT });
  printOutbox(outbox);
}

// ---- 11. Results look-up -------------------------------------------------------------------------
let resultsLookup: ResultsReport | null = null;
if (wanted('results')) {
  resultsLookup = await runResults({ port: PORT });
  printResults(resultsLookup);
}

// ---- 12. Gallery bulk upload --------------------------------------------------------------------
let gallery: GalleryReport | null = null;
if (wanted('gallery')) {
  gallery = await runGallery({ port: PORT });
  printGallery(gallery);
}

// ---- 13. WordPress import ----------------------------------------------------------------------
let wordpressImport: ImportBenchReport | null = null;
if (wanted('import')) {
  wordpressImport = await runImportBench({ port: PORT });
  printImportBench(wordpressImport);
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
  resultsDay,
  admissions,
  search,
  backup,
  outbox,
  resultsLookup,
  gallery,
  wordpressImport,
};
// A run of named steps keeps its figures apart, so it never overwrites a full run's.
const out = path.join(PROJECT_ROOT, 'bench', 'results', ONLY.length > 0 ? `${ONLY.join('+')}.json` : 'latest.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
// BENCH_KEEP=1 keeps the scratch folder (Lighthouse's JSON reports among it) to look into a figure.
if (process.env.BENCH_KEEP) console.log(`Kept ${work}`);
else fs.rmSync(work, { recursive: true, force: true });
console.log(`\nWritten ${path.relative(PROJECT_ROOT, out)} (${results.seconds} s).`);
