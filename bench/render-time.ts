// Server render time of public pages: the built server (as `npm start` runs it) with the demo content and
// the render cache off (RENDER_CACHE=false), each page asked for uncompressed, median of 50 after 5
// warm-ups, time to the whole answer on loopback. What a visitor waits for when a page is not cached yet.
//   node --import tsx bench/render-time.ts [--no-node-env] [path ...]
// (after `react-router build`; default pages: / /ne /notices). --no-node-env starts the server without
// NODE_ENV, as `npm start` does, instead of NODE_ENV=production. It ends with the builds of React, React DOM
// and React Router the server ran (bench/lib/loaded-builds-probe.mjs).
// A figure to read, never a test: it does not fail on slowness.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { median } from './lib/median.ts';

const RUNS = 50;
const args = process.argv.slice(2);
const noNodeEnv = args.includes('--no-node-env');
const pagesArgs = args.filter((arg) => arg !== '--no-node-env');
const paths = pagesArgs.length > 0 ? pagesArgs : ['/', '/ne', '/notices'];

const probe = fileURLToPath(new URL('./lib/loaded-builds-probe.mjs', import.meta.url));
const buildsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-render-time-')), 'builds.json');
const server = await startLocalServer({
  port: Number(process.env.BENCH_PORT ?? 3508),
  env: {
    RENDER_CACHE: 'false',
    // Empty counts as unset, for the server's env parsing and for React's own switch alike.
    ...(noNodeEnv ? { NODE_ENV: '' } : {}),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${probe}`.trim(),
    LOADED_BUILDS_FILE: buildsFile,
  },
});
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
  console.log(
    `Server render time, render cache off, ${noNodeEnv ? 'NODE_ENV unset (as npm start)' : 'NODE_ENV=production'}, median of ${RUNS} (loopback, uncompressed)`,
  );
  console.table(rows);
} finally {
  await server.stop();
}
if (fs.existsSync(buildsFile)) {
  const { cpu, ...builds } = JSON.parse(fs.readFileSync(buildsFile, 'utf8')) as {
    cpu: { url: string; ms: number }[];
  };
  console.log('Builds the server ran:', builds);
  console.table(
    paths.map((page) => {
      const runs = cpu.filter((entry) => entry.url === page).slice(5);
      return { page, 'server CPU ms per request, median': Math.round(median(runs.map((r) => r.ms)) * 10) / 10 };
    }),
  );
  fs.rmSync(path.dirname(buildsFile), { recursive: true, force: true });
}
