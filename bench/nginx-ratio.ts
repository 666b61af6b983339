// `npm run bench:nginx`: the render cache against the limit for a page, nginx (Debian's, one worker)
// serving the very bytes our server sends as a static file, measured in the same run with the same load
// tool (wrk, 10 connections, compression asked for as a browser does). Prints requests/s, p50 and p99
// for each, and the ratio. Needs `apt-get install -y nginx wrk` and a build. BENCH_SECONDS (10), BENCH_ROUNDS (2).
import { spawnSync } from 'node:child_process';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { type StaticFile, startStaticNginx } from './lib/static-nginx.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const OURS_PORT = Number(process.env.BENCH_PORT ?? 3507);
const NGINX_PORT = OURS_PORT + 1;
const PATHS = ['/', '/notices', '/api/notices'];
const ACCEPT = 'br, gzip, deflate';

for (const tool of ['nginx', 'wrk']) {
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(`${tool} not found: apt-get install -y nginx wrk`);
    process.exit(2);
  }
}

interface WrkFigures {
  rps: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

const toMs = (value: string): number => {
  const n = Number.parseFloat(value);
  if (value.endsWith('us')) return n / 1000;
  if (value.endsWith('ms')) return n;
  if (value.endsWith('s')) return n * 1000;
  return n;
};

function wrk(url: string): WrkFigures {
  const run = spawnSync(
    'wrk',
    ['-t1', '-c10', `-d${SECONDS}s`, '--latency', '--timeout', '10s', '-H', `Accept-Encoding: ${ACCEPT}`, url],
    { encoding: 'utf8' },
  );
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/u.exec(out)?.[1] ?? Number.NaN);
  const p50 = /\s50%\s+([\d.]+\w+)/u.exec(out)?.[1] ?? 'NaN';
  const p99 = /\s99%\s+([\d.]+\w+)/u.exec(out)?.[1] ?? 'NaN';
  const errors = [...out.matchAll(/(?:Non-2xx or 3xx responses|Socket errors:.*timeout)\s*:?\s*(\d+)/gu)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
  return { rps, p50ms: toMs(p50), p99ms: toMs(p99), errors };
}

const server = await startLocalServer({ port: OURS_PORT });
stopOnSignals(() => server.stop());

// The bytes a browser gets from us (Brotli, as a browser asks), saved as files for nginx to send as they are.
const files = new Map<string, string>();
const statics: StaticFile[] = [];
for (const [i, p] of PATHS.entries()) {
  const res = await fetch(`${server.url}${p}`, { headers: { 'accept-encoding': ACCEPT } });
  const type = res.headers.get('content-type') ?? 'text/html';
  // fetch decodes Brotli: curl hands over the bytes as they were sent.
  const raw = spawnSync('curl', ['-s', '-H', 'Accept-Encoding: br', `${server.url}${p}`], {
    encoding: 'buffer',
  }).stdout;
  const name = `page-${i}`;
  statics.push({
    name,
    body: raw,
    contentType: p.startsWith('/api/') ? 'application/json' : 'text/html',
    encoding: 'br',
  });
  files.set(p, name);
  console.log(`${p}: ${raw.length} bytes as sent (br), ${type}`);
}
const nginx = await startStaticNginx(NGINX_PORT, statics);

const rows: Record<string, string | number>[] = [];
try {
  for (const p of PATHS) {
    const ours: WrkFigures[] = [];
    const theirs: WrkFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(wrk(`${server.url}${p}`));
      theirs.push(wrk(nginx.url(files.get(p) as string)));
    }
    const median = (list: WrkFigures[], key: keyof WrkFigures) =>
      [...list].sort((a, b) => a[key] - b[key])[Math.floor(list.length / 2)]![key];
    const oursRps = median(ours, 'rps');
    const nginxRps = median(theirs, 'rps');
    rows.push({
      path: p,
      'ours req/s': Math.round(oursRps),
      'ours p50 ms': median(ours, 'p50ms').toFixed(2),
      'ours p99 ms': median(ours, 'p99ms').toFixed(2),
      'ours errors': ours.reduce((s, f) => s + f.errors, 0),
      'nginx req/s': Math.round(nginxRps),
      'nginx errors': theirs.reduce((s, f) => s + f.errors, 0),
      'nginx p99 ms': median(theirs, 'p99ms').toFixed(2),
      ratio: (oursRps / nginxRps).toFixed(2),
    });
  }
} finally {
  await nginx.stop();
  await server.stop();
}
console.log(
  `\nRender cache warm, wrk -t1 -c10 -d${SECONDS}s, Accept-Encoding: ${ACCEPT}; median of ${ROUNDS} interleaved rounds`,
);
console.table(rows);
