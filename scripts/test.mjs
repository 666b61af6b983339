// `npm test`: the one command that checks everything, in order, stopping at the first failure.
// `npm test -- lint unit` runs only the named steps. The static checks (types, lint, format) only read the
// tree: they run side by side, the type check and the format check in turn beside the lint (each of them
// keeps one core busy), and their output is printed in order once they are done.
import { spawn, spawnSync } from 'node:child_process';
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
  { name: 'typecheck', title: 'Type check (react-router typegen && tsc)', args: ['run', 'typecheck'], lane: 1 },
  { name: 'lint', title: 'Lint (eslint)', args: ['run', 'lint'], lane: 2 },
  {
    name: 'format',
    title: 'Format check (prettier --check)',
    args: ['run', 'format:check'],
    fix: 'npm run format',
    lane: 1,
  },
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
    title: 'End-to-end tests (Playwright, Chromium)',
    args: ['run', 'test:e2e', '--', '--reporter=list,json'],
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

/** Steps started ahead of their turn and still running: stopped if npm test stops first. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill();
});

/** Runs a step with its output kept, to be printed when it is done: answers what spawnSync would. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const child = spawn(npm, step.args, { env: { ...process.env, ...step.env, FORCE_COLOR: '1' } });
    running.add(child);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (result) => {
      running.delete(child);
      resolve({ ...result, output: Buffer.concat(chunks) });
    };
    child.on('error', (error) => done({ status: null, signal: null, error }));
    child.on('close', (status, signal) => done({ status, signal }));
  });
}

/** The laned steps at the start, started together (each lane's steps in turn): their results by name. */
const early = new Map();
const laned = [];
for (const step of steps) {
  if (!step.lane) break;
  laned.push(step);
}
if (laned.length > 1) {
  // The lint reads the route types that the type check's first half writes: they are written before either starts.
  const typegen = spawnSync(npm, ['exec', '--', 'react-router', 'typegen'], { stdio: 'inherit' });
  if (typegen.status !== 0) {
    console.error(`\n✖ npm test stopped: react-router typegen failed (exit code ${typegen.status}).`);
    process.exit(typegen.status || 1);
  }
}
for (const lane of new Set(laned.length > 1 ? laned.map((s) => s.lane) : [])) {
  let previousPassed = Promise.resolve(true);
  for (const step of laned.filter((s) => s.lane === lane)) {
    // A lane stops at its first failure, as the steps in order would (npm test stops there anyway).
    const run = previousPassed.then(async (passed) => {
      if (!passed) return { status: null, signal: null, output: Buffer.alloc(0), ms: 0 };
      const stepStart = Date.now();
      return { ...(await runCaptured(step)), ms: Date.now() - stepStart };
    });
    early.set(step.name, run);
    previousPassed = run.then((r) => r.status === 0);
  }
}

for (const [i, step] of steps.entries()) {
  console.log(`\n━━ [${i + 1}/${steps.length}] ${step.title}`);
  let stepStart = Date.now();
  let result;
  if (early.has(step.name)) {
    result = await early.get(step.name);
    process.stdout.write(result.output);
    stepStart = Date.now() - result.ms;
  } else {
    result = spawnSync(npm, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  }
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
