import { describe, expect, it } from 'vitest';
import { countsLine, playwrightCounts, vitestCounts, vitestFailures, withExitStatus } from './test-counts.mjs';

// Shapes as vitest 4's JSON reporter writes them (checked against real runs: a worker that called
// process.abort() mid-file, a file that throws at import, a timer that throws after its test passed).
const vitestReport = (overrides: Record<string, unknown>) => ({
  numTotalTests: 0,
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [],
  ...overrides,
});

describe('vitestCounts', () => {
  it('counts a clean run as its runner does', () => {
    const report = vitestReport({
      numTotalTests: 4,
      numPassedTests: 3,
      numPendingTests: 1,
      testResults: [{ status: 'passed', assertionResults: [{ status: 'passed' }] }],
    });
    expect(vitestCounts(report)).toEqual({ passed: 3, failed: 0, skipped: 1 });
  });

  it('counts the unfinished tests of a crashed worker as failed', () => {
    // The worker died in its second test: none of the file's three tests has a result, and the file
    // itself still says 'passed'.
    const report = vitestReport({
      numTotalTests: 5,
      numPassedTests: 2,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }] },
        { status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] },
      ],
    });
    expect(vitestCounts(report)).toEqual({ passed: 2, failed: 3, skipped: 0 });
  });

  it('counts a file that failed outside its tests (import error, hook) once', () => {
    const report = vitestReport({
      numTotalTests: 1,
      numPassedTests: 1,
      testResults: [
        { status: 'failed', message: 'broken at import', assertionResults: [] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    expect(vitestCounts(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it('does not count a file twice when its tests already failed', () => {
    const report = vitestReport({
      numTotalTests: 2,
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [{ status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] }],
    });
    expect(vitestCounts(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it('has no counts without a report', () => {
    expect(vitestCounts(null)).toBeNull();
    expect(vitestCounts({ something: 'else' })).toBeNull();
  });
});

describe('vitestFailures', () => {
  it('names each failed test with its first message line, and a file that failed outside its tests', () => {
    const report = vitestReport({
      testResults: [
        {
          name: `${process.cwd()}/server/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            {
              status: 'failed',
              fullName: 'a refuses',
              failureMessages: ['AssertionError: expected 12 to be 10\n  at x'],
            },
          ],
        },
        {
          name: `${process.cwd()}/server/b.test.ts`,
          status: 'failed',
          message: 'broken at import',
          assertionResults: [],
        },
        { name: `${process.cwd()}/server/c.test.ts`, status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    expect(vitestFailures(report)).toEqual([
      'server/a.test.ts > a refuses: AssertionError: expected 12 to be 10',
      'server/b.test.ts: broken at import',
    ]);
    expect(vitestFailures(null)).toEqual([]);
  });
});

describe('playwrightCounts', () => {
  it('counts flaky tests as passed and errors outside tests as failed', () => {
    const report = { stats: { expected: 10, flaky: 1, unexpected: 0, skipped: 2 }, errors: [{ message: 'webServer' }] };
    expect(playwrightCounts(report)).toEqual({ passed: 11, failed: 1, skipped: 2 });
  });
});

describe('withExitStatus', () => {
  const clean = { passed: 5, failed: 0, skipped: 0 };

  it('adds one failure when the step failed but its counts show none (an unhandled error)', () => {
    expect(withExitStatus(clean, { ok: false, expectsReport: true })).toEqual({ passed: 5, failed: 1, skipped: 0 });
  });

  it('adds one failure when the step wrote no report', () => {
    expect(withExitStatus(null, { ok: false, expectsReport: true }).failed).toBe(1);
    expect(withExitStatus(null, { ok: true, expectsReport: true }).failed).toBe(1);
  });

  it('counts a failed step without tests (type check, lint) as one failure', () => {
    expect(withExitStatus(null, { ok: false, expectsReport: false })).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it('keeps the counts of a step that passed, or already reported its failures', () => {
    expect(withExitStatus(clean, { ok: true, expectsReport: true })).toEqual(clean);
    expect(withExitStatus(null, { ok: true, expectsReport: false })).toEqual({ passed: 0, failed: 0, skipped: 0 });
    const failing = { passed: 5, failed: 2, skipped: 0 };
    expect(withExitStatus(failing, { ok: false, expectsReport: true })).toEqual(failing);
  });
});

describe('countsLine', () => {
  it('writes the closing line CI adds up', () => {
    expect(countsLine({ passed: 3, failed: 1, skipped: 0 })).toBe('Tests: 3 passed, 1 failed');
    expect(countsLine({ passed: 3, failed: 0, skipped: 2 })).toBe('Tests: 3 passed, 0 failed, 2 skipped');
  });
});
