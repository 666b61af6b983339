// `npm test`: the one command that checks everything, in order, stopping at the first failure.
// `npm test -- lint unit` runs only the named steps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  countsLine,
  playwrightCounts,
  readJson,
  vitestCounts,
  vitestFailures,
  withExitStatus,
} from './test-counts.mjs';

const resultsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-results-'));
const vitestJson = path.join(resultsDir, 'vitest.json');
const opsJson = path.join(resultsDir, 'vitest-ops.json');
const playwrightJson = path.join(resultsDir, 'playwright.json');

const STEPS = [
  { name: 'typecheck', title: 'Type check (react-router typegen && tsc)', args: ['run', 'typecheck'] },
  { name: 'lint', title: 'Lint (eslint)', args: ['run', 'lint'] },
  { name: 'format', title: 'Format check (prettier --check)', args: ['run', 'format:check'], fix: 'npm run format' },
  {
    name: 'unit',
    title: 'Unit and API tests (vitest run)',
    args: ['run', 'test:unit', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    counts: () => vitestCounts(readJson(vitestJson)),
    failures: () => vitestFailures(readJson(vitestJson)),
  },
  {
    name: 'ops',
    title: 'Operations tests: real server processes (backup, shutdown, proxies; PostgreSQL ones need DATABASE_URL)',
    args: ['run', 'test:ops', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${opsJson}`],
    counts: () => vitestCounts(readJson(opsJson)),
    failures: () => vitestFailures(readJson(opsJson)),
  },
  {
    name: 'e2e',
    title: 'End-to-end tests (Playwright, Chromium; E2E_SHARDS parts at once, default 2)',
    args: ['run', 'test:e2e:shards', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
    counts: () => playwrightCounts(readJson(playwrightJson)),
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${STEPS.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}
const steps = wanted.length > 0 ? STEPS.filter((s) => wanted.includes(s.name)) : STEPS;

const total = { passed: 0, failed: 0, skipped: 0 };
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

for (const [i, step] of steps.entries()) {
  console.log(`\n━━ [${i + 1}/${steps.length}] ${step.title}`);
  const stepStart = Date.now();
  const result = spawnSync(npm, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
  // A failed step counts as failed even when its runner's counts say otherwise (or it has none).
  const counts = withExitStatus(step.counts?.() ?? null, { ok, expectsReport: Boolean(step.counts) });
  for (const key of Object.keys(total)) total[key] += counts[key];
  if (!ok || counts.failed > 0) {
    const why = result.error
      ? result.error.message
      : result.signal
        ? `killed by ${result.signal}`
        : result.status !== 0
          ? `exit code ${result.status}`
          : `${counts.failed} failed`;
    console.error(
      `\n✖ npm test stopped: step "${step.name}" (${step.title}) failed (${why}) after ${seconds(Date.now() - stepStart)}.`,
    );
    console.error(
      `  Run it alone with: npm ${step.args.slice(0, 2).join(' ')}${step.fix ? `   (to fix: ${step.fix})` : ''}`,
    );
    const failures = step.failures?.() ?? [];
    if (failures.length > 0) console.error(`  Failed:\n${failures.map((f) => `    ✖ ${f}`).join('\n')}`);
    console.log(countsLine(total));
    fs.rmSync(resultsDir, { recursive: true, force: true });
    process.exit(result.status || 1);
  }
  console.log(
    `✔ ${step.name} passed in ${seconds(Date.now() - stepStart)}${step.counts ? ` (${counts.passed} tests)` : ''}`,
  );
}

fs.rmSync(resultsDir, { recursive: true, force: true });
console.log(`\n✔ All ${steps.length} steps passed in ${seconds(Date.now() - started)}.`);
if (steps.some((s) => s.counts)) console.log(countsLine(total));
