// Server render time of public pages: the built server (as `npm start` runs it) with the demo content and
// the render cache off (RENDER_CACHE=false), each page asked for uncompressed, median of 50 after 5
// warm-ups, time to the whole answer on loopback. What a visitor waits for when a page is not cached yet.
//   node --import tsx bench/render-time.ts [path ...]     (after `react-router build`; default: / /ne /notices)
// A figure to read, never a test: it does not fail on slowness.
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { median } from './lib/median.ts';

const RUNS = 50;
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/ne', '/notices'];

const server = await startLocalServer({ port: Number(process.env.BENCH_PORT ?? 3508), env: { RENDER_CACHE: 'false' } });
stopOnSignals(server.stop);
try {
  const rows = [];
  for (const page of paths) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}${page}`, { headers: { 'accept-encoding': 'identity' } });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
      if (i >= 5) times.push(performance.now() - started);
      if (i === 0 && !html.includes('</html>')) throw new Error(`${page} is not a whole page`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push({
      page,
      'median ms': Math.round(median(times) * 10) / 10,
      'p90 ms': Math.round(sorted[Math.floor(sorted.length * 0.9)]! * 10) / 10,
    });
  }
  console.log(`Server render time, render cache off, median of ${RUNS} (loopback, uncompressed)`);
  console.table(rows);
} finally {
  await server.stop();
}
