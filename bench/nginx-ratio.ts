// `npm run bench:nginx`: the render cache against the limit for a page, nginx (Debian's, one worker)
// serving the very bytes our server sends as a static file, measured in the same run with the same load
// tool (wrk, 10 connections, compression asked for as a browser does). Prints requests/s, p50 and p99
// for each, and the ratio. Needs `apt-get install -y nginx wrk` and a build. BENCH_SECONDS (10), BENCH_ROUNDS (2).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';

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

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-nginx-bench-'));
const www = path.join(work, 'www');
fs.mkdirSync(www);
// nginx's worker drops root for its own user: it must be able to read the files.
fs.chmodSync(work, 0o755);
const server = await startLocalServer({ port: OURS_PORT });
stopOnSignals(() => server.stop());

// The bytes a browser gets from us (Brotli, as a browser asks), saved as files for nginx to send as they are.
const files = new Map<string, string>();
for (const [i, p] of PATHS.entries()) {
  const res = await fetch(`${server.url}${p}`, { headers: { 'accept-encoding': ACCEPT } });
  const type = res.headers.get('content-type') ?? 'text/html';
  // fetch decodes Brotli: curl hands over the bytes as they were sent.
  const raw = spawnSync('curl', ['-s', '-H', 'Accept-Encoding: br', `${server.url}${p}`], {
    encoding: 'buffer',
  }).stdout;
  const name = `page-${i}`;
  fs.writeFileSync(path.join(www, name), raw);
  files.set(p, name);
  console.log(`${p}: ${raw.length} bytes as sent (br), ${type}`);
}

const types = PATHS.map(
  (p, i) =>
    `location = /page-${i} { default_type ${p.startsWith('/api/') ? 'application/json' : 'text/html'}; add_header Content-Encoding br; }`,
);
fs.writeFileSync(
  path.join(work, 'nginx.conf'),
  `daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log stderr warn;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush off; keepalive_requests 100000;
  client_body_temp_path ${work}/tmp; proxy_temp_path ${work}/tmp; fastcgi_temp_path ${work}/tmp;
  uwsgi_temp_path ${work}/tmp; scgi_temp_path ${work}/tmp;
  server { listen 127.0.0.1:${NGINX_PORT}; root ${www}; ${types.join(' ')} } }
`,
);
fs.mkdirSync(path.join(work, 'tmp'));
const nginx = spawn('nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'inherit' });
await new Promise((resolve) => setTimeout(resolve, 500));

const rows: Record<string, string | number>[] = [];
try {
  for (const p of PATHS) {
    const ours: WrkFigures[] = [];
    const theirs: WrkFigures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(wrk(`${server.url}${p}`));
      theirs.push(wrk(`http://127.0.0.1:${NGINX_PORT}/${files.get(p)}`));
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
  nginx.kill('SIGQUIT');
  await server.stop();
}
console.log(
  `\nRender cache warm, wrk -t1 -c10 -d${SECONDS}s, Accept-Encoding: ${ACCEPT}; median of ${ROUNDS} interleaved rounds`,
);
console.table(rows);
fs.rmSync(work, { recursive: true, force: true });
