import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// Lighthouse's own choice of the representative run (closest to the median FCP and TTI).
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The Devanagari fonts Chromium finds on this machine (fontconfig, with the environment Lighthouse gets, so
 * FONTCONFIG_FILE counts). A phone has one (Android's is Noto Sans Devanagari) and shows Nepali text in it
 * until the served font replaces it; a machine with none draws empty boxes first, and the Nepali pages' CLS
 * then counts a swap from boxes to letters that no phone shows.
 */
export function systemDevanagariFonts(env: NodeJS.ProcessEnv): string[] {
  const listed = spawnSync('fc-list', [':lang=ne', 'family'], { env, encoding: 'utf8' });
  if (listed.status !== 0) return [];
  return [
    ...new Set(
      listed.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}

export interface LighthouseFigures {
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  totalBytes: number;
  /** JavaScript as transferred (compressed bodies and headers), from the median run's resource summary. */
  scriptBytes: number;
  /** Every run's performance score, to show the spread. */
  performanceRuns: number[];
  /** Audits of the median run that did not pass fully, for the categories other than performance. */
  failedAudits: string[];
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      scoreDisplayMode: string;
      title: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
  runtimeError?: { message: string };
}

/** One Lighthouse run: mobile preset and default (simulated) throttling, as `npx lighthouse` does by default. */
async function runOnce(root: string, url: string, outFile: string, env: NodeJS.ProcessEnv): Promise<Lhr> {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  const child = spawn(
    bin,
    [
      url,
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
      ...(process.env.BENCH_TRACES ? ['--save-assets'] : []),
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { env: { ...env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 0 || !fs.existsSync(outFile)) throw new Error(`lighthouse ${url} failed (${code}): ${err.slice(-500)}`);
  const lhr = JSON.parse(fs.readFileSync(outFile, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART); such a run measured
 * nothing, so it is run again, twice at most, and a third failure stops the bench.
 */
async function runWithRetries(root: string, url: string, outFile: string, env: NodeJS.ProcessEnv): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(root, url, outFile, env);
    } catch (err) {
      if (attempt === 3) throw err;
      console.warn(`(${(err as Error).message.slice(0, 160)}; running it again)`);
    }
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

export async function lighthouse(
  root: string,
  baseUrl: string,
  urlPath: string,
  runs: number,
  workDir: string,
  env: NodeJS.ProcessEnv,
): Promise<LighthouseFigures> {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    const file = path.join(workDir, `lh-${urlPath.replace(/\W+/gu, '_') || 'home'}-${i}.json`);
    lhrs.push(await runWithRetries(root, `${baseUrl}${urlPath}`, file, env));
  }
  const median = computeMedianRun(lhrs as never) as unknown as Lhr;
  const failedAudits: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of median.categories[category]?.auditRefs ?? []) {
      const audit = median.audits[ref.id];
      if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1)
        failedAudits.push(`${category}: ${audit.title}`);
    }
  }
  return {
    path: urlPath,
    runs,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    bestPractices: score(median, 'best-practices'),
    seo: score(median, 'seo'),
    lcpMs: Math.round(numeric(median, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(median, 'total-blocking-time')),
    cls: Number(numeric(median, 'cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(numeric(median, 'first-contentful-paint')),
    totalBytes: Math.round(numeric(median, 'total-byte-weight')),
    scriptBytes:
      median.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    performanceRuns: lhrs.map((l) => score(l, 'performance')),
    failedAudits,
  };
}
