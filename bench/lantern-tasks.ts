// `node --import tsx bench/lantern-tasks.ts FOLDER`: which main-thread tasks make a page's Total Blocking Time in
// Lighthouse's simulation. FOLDER is a Lighthouse bench's kept scratch folder (`BENCH_KEEP=1 BENCH_TRACES=1 npm run
// bench -- lighthouse`), with each run's report, trace and DevTools log. For each run it recomputes the simulated
// (Lantern) TBT with Lighthouse's own code and settings, and prints every task the simulation stretches past 50 ms:
// where it falls against the estimated first paint, its length in the trace, and what it did.
//
// Why this exists: the simulation runs the page's tasks 4× slower (layout 2×) and starts counting at a first paint it
// estimates from the first parse, layout and paint tasks only. Any other task before them (the browser's own
// navigation commit, for one) pushes everything after the estimate, so a task that ran before the real first paint
// can still count. The trace alone does not show that; this does.
import fs from 'node:fs';
import path from 'node:path';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';

interface TraceEvent {
  name: string;
  dur?: number;
}
interface SimulatedNode {
  type: string;
  duration: number;
  childEvents: TraceEvent[];
}
interface NodeTiming {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, NodeTiming>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const folder = process.argv[2];
if (!folder || !fs.existsSync(folder)) {
  console.error('usage: node --import tsx bench/lantern-tasks.ts FOLDER (a kept Lighthouse bench folder)');
  process.exit(2);
}

const reports = fs
  .readdirSync(folder)
  .filter((f) => /^lh-.+-\d+\.json$/u.test(f))
  .sort();
if (reports.length === 0) {
  console.error(
    `${folder} holds no Lighthouse report (lh-PAGE-N.json); run the bench with BENCH_KEEP=1 BENCH_TRACES=1`,
  );
  process.exit(2);
}

const SIMULATED_THRESHOLD_MS = 50;

function whatItDid(node: SimulatedNode): string {
  const byName = new Map<string, number>();
  for (const e of node.childEvents)
    if ((e.dur ?? 0) >= 300) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000);
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(', ');
}

for (const report of reports) {
  const base = path.join(folder, report.replace(/\.json$/u, ''));
  const traceFile = `${base}-0.trace.json`;
  const logFile = `${base}-0.devtoolslog.json`;
  if (!fs.existsSync(traceFile) || !fs.existsSync(logFile)) {
    console.log(`${report}: no trace beside it (run the bench with BENCH_TRACES=1)`);
    continue;
  }
  const lhr = JSON.parse(fs.readFileSync(path.join(folder, report), 'utf8'));
  const data = {
    trace: JSON.parse(fs.readFileSync(traceFile, 'utf8')),
    devtoolsLog: JSON.parse(fs.readFileSync(logFile, 'utf8')),
    gatherContext: { gatherMode: 'navigation' },
    settings: lhr.configSettings,
    URL: {
      requestedUrl: lhr.requestedUrl,
      mainDocumentUrl: lhr.mainDocumentUrl,
      finalDisplayedUrl: lhr.finalDisplayedUrl,
    },
    SourceMaps: [],
    HostDPR: 1,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const fcp = (await LanternFirstContentfulPaint.request(data as never, context as never)) as unknown as LanternResult;
  const tbt = (await LanternTotalBlockingTime.request(data as never, context as never)) as unknown as LanternResult;
  const reported = lhr.audits['total-blocking-time'].numericValue as number;
  console.log(
    `\n${report}: performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${Math.round(tbt.timing)} ms` +
      ` (the report: ${Math.round(reported)}), estimated first paint ${Math.round(fcp.optimisticEstimate.timeInMs)}–${Math.round(fcp.pessimisticEstimate.timeInMs)} ms`,
  );
  // Both simulations run the whole page with the same CPU model; they differ in the network, so their tasks match.
  const rows = [...tbt.pessimisticEstimate.nodeTimings]
    .filter(([node, timing]) => node.type === 'cpu' && timing.duration >= SIMULATED_THRESHOLD_MS)
    .sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const afterPaint = Math.max(0, timing.endTime - Math.max(timing.startTime, fcp.optimisticEstimate.timeInMs));
    console.log(
      `  ${timing.startTime.toFixed(0).padStart(5)}–${timing.endTime.toFixed(0).padStart(5)} ms simulated` +
        ` (${timing.duration.toFixed(0).padStart(3)} ms, ${afterPaint.toFixed(0).padStart(3)} after the estimated paint;` +
        ` ${(node.duration / 1000).toFixed(1).padStart(5)} ms in the trace)  ${whatItDid(node)}`,
    );
  }
}
