// Results day (issue 15): the morning a list comes out, on the built server as `npm start` runs it, SQLite and
// local disk, with RESULTS_DAY_CONTENT notices and photos, the load tool on the same machine.
//   1. a contact form and a sign-in posted without JavaScript, each against the GET of its page (median of 20);
//   2. a warm-up: every address at 200 connections with a new query string per request (as a script meant
//      to miss the cache would send; the render cache leaves parameters no page reads out of its key), then
//      an admin write, so the measured addresses start uncached;
//   3. 200 connections for RD_SECONDS on /, /notices and GET /api/notices (render cache cold at the
//      start) and on / with a new query string per request (as shared links with ?fbclid= arrive; the render
//      cache drops tracking parameters from its key, so these are served from it), compression asked for as a browser does; the server's memory before, at the end and after
//      RD_IDLE seconds idle;
//   4. a sign-in storm: 50 wrong passwords at once from one address while / is measured at 10 connections.
//   npm run bench -- results-day      (or node --import tsx bench/results-day.ts after a build)
// Prints figures and their targets; never fails on slowness. Needs Debian's wrk and Linux /proc.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie, emptyRenderCache } from './lib/admin-write.ts';
import { type FormTiming, timeContactForm, timeLoginForm } from './lib/page-forms.ts';
import { pidListeningOn, rssMb, watchPeak } from './lib/process-memory.ts';
import { type StormFigures, signInStorm } from './lib/sign-in-storm.ts';
import { WRK, type WrkFigures, wrk } from './lib/wrk.ts';
import { seed } from './seed-scale.ts';

export const RESULTS_DAY_CONTENT = { notices: 200, photos: 100 } as const;
/** The issue's targets, printed beside the figures. */
export const RESULTS_DAY_TARGETS = {
  maxRssMb: 500,
  /** Memory after the run and the idle pause, against memory after the warm-up. */
  idleGrowth: 0.15,
  stormP99Ms: 50,
  formRatio: 3,
} as const;

const CONNECTIONS = Number(process.env.RD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.RD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.RD_WARMUP_SECONDS ?? 15);
const IDLE_SECONDS = Number(process.env.RD_IDLE ?? 60);
const FORM_RUNS = 20;
const BROWSER = { 'Accept-Encoding': 'br, gzip' };
const ADDRESSES = ['/', '/notices', '/api/notices'];

export interface LoadRow extends WrkFigures {
  peakRssMb: number;
}

export interface ResultsDayReport {
  cpus: number;
  loadAverageAtStart: number;
  forms: FormTiming[];
  memory: {
    startMb: number;
    afterWarmupMb: number;
    peakMb: number;
    endMb: number;
    afterIdleMb: number;
    idleSeconds: number;
  };
  warmup: LoadRow[];
  load: LoadRow[];
  storm: StormFigures;
  loginLimitPerAddress: number;
}

async function loadRow(pid: number, url: string, options: Parameters<typeof wrk>[1]): Promise<LoadRow> {
  const watch = watchPeak(pid);
  const figures = await wrk(url, options);
  return { ...figures, peakRssMb: watch.stop() };
}

export async function runResultsDay({ port }: { port: number }): Promise<ResultsDayReport> {
  if (!fs.existsSync(WRK)) throw new Error(`wrk not found at ${WRK}: apt-get install -y wrk (or set WRK_PATH).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-results-day-'));
  let stop: (() => Promise<void>) | null = null;
  try {
    // The first start migrates and seeds the demo; then the bulk rows go in, and the measured start is a fresh
    // one. The admin is created at the first start: both starts get the same password, so the login form works.
    const adminEnv = { ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
    const first = await startLocalServer({ port, dataDir, env: adminEnv });
    await first.stop();
    await seed(dataDir, RESULTS_DAY_CONTENT);
    const server = await startLocalServer({ port, dataDir, env: adminEnv });
    stop = server.stop;
    stopOnSignals(server.stop);
    const pid = pidListeningOn(port);
    const loadAverageAtStart = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
    const startMb = rssMb(pid);

    console.log('Results day: page forms without JavaScript...');
    const forms = [
      await timeContactForm(server.url, FORM_RUNS),
      await timeLoginForm(server.url, FORM_RUNS, server.adminEmail, adminEnv.ADMIN_PASSWORD),
    ];

    console.log(`Results day: warm-up, ${WARMUP_SECONDS} s at ${CONNECTIONS} connections per address...`);
    const warmup: LoadRow[] = [];
    for (const address of ADDRESSES) {
      warmup.push(
        await loadRow(pid, `${server.url}${address}`, {
          connections: CONNECTIONS,
          seconds: WARMUP_SECONDS,
          headers: BROWSER,
          uniqueQuery: 'warm-up',
        }),
      );
    }
    await sleep(5000);
    await emptyRenderCache(server.url, await adminCookie(server.url, server.adminEmail, adminEnv.ADMIN_PASSWORD));
    const afterWarmupMb = rssMb(pid);

    console.log(`Results day: ${SECONDS} s at ${CONNECTIONS} connections per address...`);
    const load: LoadRow[] = [];
    for (const address of ADDRESSES) {
      load.push(
        await loadRow(pid, `${server.url}${address}`, { connections: CONNECTIONS, seconds: SECONDS, headers: BROWSER }),
      );
    }
    load.push(
      await loadRow(pid, `${server.url}/`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: BROWSER,
        uniqueQuery: 'fbclid',
      }),
    );
    const endMb = rssMb(pid);
    console.log(`Results day: ${IDLE_SECONDS} s idle...`);
    await sleep(IDLE_SECONDS * 1000);
    const afterIdleMb = rssMb(pid);

    console.log('Results day: sign-in storm...');
    const storm = await signInStorm(server.url, { headers: BROWSER });
    const peakMb = Math.max(...warmup.map((r) => r.peakRssMb), ...load.map((r) => r.peakRssMb));
    return {
      cpus: os.availableParallelism(),
      loadAverageAtStart,
      forms,
      memory: { startMb, afterWarmupMb, peakMb, endMb, afterIdleMb, idleSeconds: IDLE_SECONDS },
      warmup,
      load,
      storm,
      loginLimitPerAddress: Number(process.env.LOGIN_MAX_FAILURES_PER_IP ?? 20),
    };
  } finally {
    await stop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadTable = (rows: LoadRow[]) =>
  rows.map((r) => ({
    url: r.url,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'max ms': r.max,
    timeouts: r.timeouts,
    errors: r.errors,
    'peak RSS MB': r.peakRssMb,
  }));

export function printResultsDay(r: ResultsDayReport): void {
  const t = RESULTS_DAY_TARGETS;
  console.log(
    `\nResults day (${RESULTS_DAY_CONTENT.notices} notices, ${RESULTS_DAY_CONTENT.photos} photos; ${r.cpus} CPUs, load average ${r.loadAverageAtStart} at the start: other work on the machine slows every figure)`,
  );
  console.log(
    `\nPage forms posted without JavaScript, median of ${FORM_RUNS} (target: post < ${t.formRatio}x the GET)`,
  );
  console.table(
    r.forms.map((f) => ({
      form: f.form,
      'GET ms': f.getMs,
      'POST ms': f.postMs,
      'POST / GET': `${f.ratio.toFixed(1)}x`,
      answers: Object.entries(f.statuses)
        .map(([status, n]) => `${status} x${n}`)
        .join(', '),
      'did their job': `${f.accepted} of ${FORM_RUNS}`,
      'same sign-in via API ms': f.apiPostMs ?? '',
    })),
  );
  console.log(
    `\nWarm-up, ${r.warmup[0]?.seconds ?? 0} s each, a new query string per request (then an admin write empties the cache)`,
  );
  console.table(loadTable(r.warmup));
  console.log(
    `\n${r.load[0]?.connections ?? 0} connections for ${r.load[0]?.seconds ?? 0} s each, Accept-Encoding: br, gzip, 10 s timeout (target: 0 timeouts, 0 errors)`,
  );
  console.table(loadTable(r.load));
  const m = r.memory;
  const growth = (m.afterIdleMb - m.afterWarmupMb) / m.afterWarmupMb;
  console.log(
    `Server memory (RSS): ${m.startMb} MB at start, ${m.afterWarmupMb} MB after the warm-up, peak ${m.peakMb} MB (target < ${t.maxRssMb}), ${m.endMb} MB at the end, ${m.afterIdleMb} MB after ${m.idleSeconds} s idle: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} % against the warm-up (target within ${t.idleGrowth * 100} %)`,
  );
  const s = r.storm;
  console.log(
    `\nSign-in storm: ${s.attempts} wrong passwords at once from one address, in ${s.stormMs} ms: ${s.checked} checked (401), ${s.throttled} refused by the throttle (429)${Object.keys(s.other).length ? `, other: ${JSON.stringify(s.other)}` : ''}; limit ${r.loginLimitPerAddress} per address`,
  );
  console.table(
    [
      { label: '/ quiet', w: s.quiet },
      { label: '/ during the storm', w: s.during },
    ].map(({ label, w }) => ({
      '': label,
      connections: w.connections,
      'req/s': w.rps,
      'p50 ms': w.p50,
      'p99 ms': w.p99,
      timeouts: w.timeouts,
      errors: w.errors,
    })),
  );
  console.log(`(target: / p99 under ${t.stormP99Ms} ms during the storm)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) {
    console.error('No build: run `npm run build` first.');
    process.exit(1);
  }
  printResultsDay(await runResultsDay({ port: Number(process.env.BENCH_PORT ?? 3507) }));
}
