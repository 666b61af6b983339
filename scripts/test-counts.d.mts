// Types for test-counts.mjs, which stays plain JavaScript so that `npm test` runs on bare Node.
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
export function readJson(file: string): unknown;
export function vitestCounts(report: unknown): Counts | null;
export function playwrightCounts(report: unknown): Counts | null;
export function withExitStatus(counts: Counts | null, step: { ok: boolean; expectsReport: boolean }): Counts;
export function vitestFailures(report: unknown): string[];
export function countsLine(counts: Counts): string;
