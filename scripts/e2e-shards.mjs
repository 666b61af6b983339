// The end-to-end suite in E2E_SHARDS parts at once (`npm test`'s e2e step; default 2), each part a
// Playwright run with its own server, database, clock file and mailbox (everything follows E2E_PORT:
// tests/e2e/support/env.ts) and its own results folder. On 2 cores two parts get through about a quarter
// more tests per minute than one run: much of a test's time is the browser and the server waiting on each
// other. The spec files are dealt to the parts by their time in tests/e2e/durations.json (the longest
// first, each to the part with least so far; a file not listed counts as the median), so that the parts
// end together; Playwright's own --shard splits by count, and one file (a11y) holds an eighth of the time.
// Writes one JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) whose stats and errors are the parts' summed, and
// exits non-zero when any part did. Arguments after `--` go to every Playwright run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3300);
const reportFile = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;
const extraArgs = process.argv.slice(2);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

for (const [command, args] of [
  [process.execPath, ['scripts/check-chromium.mjs']],
  [npx, ['react-router', 'build']],
  // The server the shards start runs compiled (server/start.mjs): compiled once here, not by each shard at once.
  [process.execPath, ['server/startup/server-bundle.mjs']],
]) {
  const built = spawnSync(command, args, { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status || 1);
}

/** The spec files to run (E2E_SPECS when given), dealt into `shards` lists of about equal time. */
function dealSpecs() {
  const all = fs
    .readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.slice(0, -'.spec.ts'.length));
  const wanted = process.env.E2E_SPECS?.split(',').map((name) => name.trim());
  const specs = wanted ? all.filter((name) => wanted.includes(name)) : all;
  const durations = JSON.parse(fs.readFileSync('tests/e2e/durations.json', 'utf8'));
  const known = Object.values(durations).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const parts = Array.from({ length: shards }, () => ({ seconds: 0, specs: [] }));
  for (const name of specs.sort((a, b) => (durations[b] ?? median) - (durations[a] ?? median))) {
    const part = parts.reduce((least, p) => (p.seconds < least.seconds ? p : least));
    part.seconds += durations[name] ?? median;
    part.specs.push(name);
  }
  return parts.filter((p) => p.specs.length > 0);
}

/** One part: its port (100 apart, so that each one's mailbox at port + 25 is its own), report and output folder. */
function runShard(index, count, specs) {
  const port = basePort + 100 * (index - 1);
  const report = reportFile ? `${reportFile}.${index}` : undefined;
  const child = spawn(npx, ['playwright', 'test', ...extraArgs], {
    env: {
      ...process.env,
      E2E_SPECS: specs.join(','),
      E2E_PORT: String(port),
      E2E_OUTPUT_DIR: path.join('test-results', `shard-${index}`),
      ...(report ? { PLAYWRIGHT_JSON_OUTPUT_FILE: report } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each line says which part printed it: the two runs' lists interleave.
  const label = count > 1 ? `[${index}/${count}] ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${label}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`${label}could not start Playwright: ${err.message}`);
      resolve({ index, status: 1, report });
    });
    child.on('close', (status, signal) => resolve({ index, status: status ?? (signal ? 1 : 0), report }));
  });
}

const parts = dealSpecs();
if (parts.length === 0) {
  console.error(`No spec file matches E2E_SPECS=${process.env.E2E_SPECS}.`);
  process.exit(1);
}
for (const [i, part] of parts.entries())
  console.log(`Part ${i + 1}/${parts.length}: ${part.specs.length} spec files, about ${Math.round(part.seconds)} s`);
const results = await Promise.all(parts.map((part, i) => runShard(i + 1, parts.length, part.specs)));

/** Adds each test's run times (retries included) to its spec file's total, from a Playwright JSON report's suites. */
function addDurations(suites, seconds) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      const name = path.basename(spec.file ?? suite.file ?? '', '.spec.ts');
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) seconds[name] = (seconds[name] ?? 0) + (result.duration ?? 0) / 1000;
    }
    addDurations(suite.suites, seconds);
  }
}

if (reportFile) {
  const merged = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] };
  const seconds = {};
  for (const { index, report } of results) {
    let part;
    try {
      part = JSON.parse(fs.readFileSync(report, 'utf8'));
    } catch (err) {
      merged.errors.push({ message: `part ${index}/${parts.length} wrote no report: ${err.message}` });
      continue;
    }
    for (const key of Object.keys(merged.stats)) merged.stats[key] += part.stats?.[key] ?? 0;
    merged.errors.push(...(part.errors ?? []));
    addDurations(part.suites, seconds);
    fs.rmSync(report, { force: true });
  }
  fs.writeFileSync(reportFile, JSON.stringify(merged));
  // This run's times, over the listed ones for files it did not run: copy it over tests/e2e/durations.json
  // when the parts no longer end together.
  const durations = JSON.parse(fs.readFileSync('tests/e2e/durations.json', 'utf8'));
  for (const [name, s] of Object.entries(seconds)) durations[name] = Math.round(s);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/durations.json', `${JSON.stringify(durations, Object.keys(durations).sort(), 1)}\n`);
}

const failed = results.filter((r) => r.status !== 0);
for (const { index, status } of failed)
  console.error(`✖ end-to-end part ${index}/${parts.length} failed (exit code ${status})`);
process.exit(failed.length > 0 ? 1 : 0);
