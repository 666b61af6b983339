// Test counts for the closing line of `npm test` and `npm run test:pg`, read from the runners' JSON
// reports and the exit status of the step. A run that failed must never close on '0 failed': CI and
// whoever reads the log go by that line. Each rule below covers a failure that a runner's own pass/fail
// counts leave out.

import fs from 'node:fs';

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @returns {any} the parsed file, or null when it is missing or not JSON (the runner never wrote it). */
export function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Vitest's JSON report (`--reporter=json`).
 * - A test file whose worker died (a native crash, `process.exit`) keeps its unfinished tests in no
 *   count at all: numTotalTests is larger than passed + failed + skipped. Those tests count as failed.
 * - A file that failed outside any test (an import error, a failing beforeAll) has status 'failed' and
 *   no failed test: it counts as one failure.
 * - Unhandled errors (a late rejection, 'Worker exited unexpectedly' after the last test) are not in the
 *   report at all; vitest only exits non-zero. See `withExitStatus`.
 * @returns {Counts | null}
 */
export function vitestCounts(report) {
  if (!report || typeof report.numTotalTests !== 'number') return null;
  const passed = report.numPassedTests;
  const skipped = report.numPendingTests + report.numTodoTests;
  const unfinished = Math.max(0, report.numTotalTests - passed - report.numFailedTests - skipped);
  const filesFailedOutsideTests = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return { passed, failed: report.numFailedTests + unfinished + filesFailedOutsideTests, skipped };
}

/**
 * Playwright's JSON report. `errors` holds failures outside any test (global setup, a web server that
 * did not start, a worker that crashed between tests).
 * @returns {Counts | null}
 */
export function playwrightCounts(report) {
  if (!report?.stats) return null;
  // A test that passed on its retry counts as passed ("flaky"), as Playwright itself does.
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    skipped: report.stats.skipped,
  };
}

/**
 * Folds a step's exit status into its counts: a step that failed (non-zero exit, a signal, no report
 * where one was expected) without any failure in its counts adds one.
 * @param {Counts | null} counts null when the step has no report, or wrote none
 * @param {{ ok: boolean, expectsReport: boolean }} step
 * @returns {Counts}
 */
export function withExitStatus(counts, { ok, expectsReport }) {
  const result = counts ? { ...counts } : { passed: 0, failed: 0, skipped: 0 };
  const broken = !ok || (expectsReport && !counts);
  if (broken && result.failed === 0) result.failed = 1;
  return result;
}

/**
 * The failures of a Vitest JSON report, a line each ('file > test: first line of the message'), so that the
 * tail of a long log (all CI keeps) names what failed, not only how many.
 * @returns {string[]}
 */
export function vitestFailures(report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const name = String(file.name ?? '').replace(`${process.cwd()}/`, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      lines.push(`${name} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages)}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine([file.message])}`);
  }
  return lines;
}

/** The first line of the first message, trimmed to a log line's width. */
function firstLine(messages) {
  const text = String((messages ?? []).find(Boolean) ?? 'no message').split('\n')[0];
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** 'Tests: N passed, N failed[, N skipped]': the line CI adds up. */
export function countsLine({ passed, failed, skipped }) {
  return `Tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}
