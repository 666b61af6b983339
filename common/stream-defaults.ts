import { type EligibilityRule, NEB_STREAMS, type NebStream, nebMinimum } from './admission/admission-season.ts';

const asStream = (value: unknown): NebStream | undefined => NEB_STREAMS.find((s) => s === value);

/** Two eligibility rules ask the same: the same lowest GPA and the same grades, whatever their order. */
export function sameMinima(a: EligibilityRule, b: EligibilityRule): boolean {
  const grades = (r: EligibilityRule) =>
    r.minGrades
      .map((g) => `${g.subject}:${g.grade}`)
      .sort()
      .join('|');
  return Math.abs(a.minGpa - b.minGpa) < 0.005 && grades(a) === grades(b);
}

/**
 * A new programme's lowest GPA and grades follow its stream: when the stream changes from `shownFor` to
 * `stream` and the minima are still `shownFor`'s NEB defaults (the office has not changed them), they
 * become `stream`'s defaults; minima the office changed are kept (null: keep what is there).
 */
export function streamDefaultsFor(shown: EligibilityRule, shownFor: unknown, stream: unknown): EligibilityRule | null {
  const from = asStream(shownFor);
  const to = asStream(stream);
  if (!from || !to || from === to) return null;
  return sameMinima(shown, nebMinimum(from)) ? nebMinimum(to) : null;
}
