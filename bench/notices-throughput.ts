// Requests per second of GET /api/notices on SQLite and on PostgreSQL: same machine, same run, one
// server process each (started in turn, never at once), autocannon for 10 s after a 2 s warm-up.
//   DATABASE_URL=postgres://… npm run bench:notices      (without DATABASE_URL: SQLite only)
// A figure to read, never a test: it does not fail on slowness.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '#server/test-support/test-database.ts';
import { PROJECT_ROOT, type ServerProcess, startServer } from '../tests/ops/server-process.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const AUTOCANNON = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'autocannon');

interface Figures {
  engine: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

async function autocannon(
  url: string,
  seconds: number,
): Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}> {
  const child = spawn(AUTOCANNON, ['-j', '-c', String(CONNECTIONS), '-d', String(seconds), url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out);
}

async function measure(engine: string, env: Record<string, string>): Promise<Figures> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-bench-'));
  let server: ServerProcess | undefined;
  try {
    // The demo content: 5 notices, as a fresh install shows them.
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...env });
    const url = `${server.url}/api/notices`;
    await autocannon(url, 2); // warm-up: JIT, connection pool, page cache
    const r = await autocannon(url, DURATION_S);
    return {
      engine,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      errors: r.errors + r.non2xx,
    };
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const results: Figures[] = [await measure('SQLite (embedded)', {})];
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const scratch = await createScratchDatabase(serverUrl, 'bench');
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: scratch.url }));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('PostgreSQL skipped: set DATABASE_URL=postgres://… (for example after `source .ci/services.sh`).');
}

console.log(
  `\nGET /api/notices, ${CONNECTIONS} connections, ${DURATION_S} s each, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log('engine               req/s   p50 ms   p99 ms   requests   errors');
for (const r of results) {
  console.log(
    `${r.engine.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.errors).padStart(8)}`,
  );
}
const resultsDir = path.join(PROJECT_ROOT, 'bench', 'results');
await fs.mkdir(resultsDir, { recursive: true });
await fs.writeFile(
  path.join(resultsDir, 'notices-throughput.json'),
  `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION_S, results }, null, 2)}\n`,
);
