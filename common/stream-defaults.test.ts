import { describe, expect, it } from 'vitest';
import { nebMinimum } from './admission/admission-season.ts';
import { sameMinima, streamDefaultsFor } from './stream-defaults.ts';

describe('stream defaults of a new programme', () => {
  it("gives Management's minimum when Science's untouched minimum was shown", () => {
    expect(streamDefaultsFor(nebMinimum('Science'), 'Science', 'Management')).toEqual(nebMinimum('Management'));
    expect(streamDefaultsFor(nebMinimum('Management'), 'Management', 'Science')).toEqual(nebMinimum('Science'));
  });

  it('keeps minima the office changed', () => {
    const raised = { ...nebMinimum('Science'), minGpa: 2.8 };
    expect(streamDefaultsFor(raised, 'Science', 'Management')).toBeNull();
    const fewer = { minGpa: 2, minGrades: nebMinimum('Science').minGrades.slice(1) };
    expect(streamDefaultsFor(fewer, 'Science', 'Humanities')).toBeNull();
  });

  it('changes nothing for the same stream or a stream it does not know', () => {
    expect(streamDefaultsFor(nebMinimum('Science'), 'Science', 'Science')).toBeNull();
    expect(streamDefaultsFor(nebMinimum('Science'), 'Science', 'Astrology')).toBeNull();
    expect(streamDefaultsFor(nebMinimum('Science'), undefined, 'Law')).toBeNull();
  });

  it('compares grades whatever their order', () => {
    const science = nebMinimum('Science');
    expect(sameMinima(science, { ...science, minGrades: [...science.minGrades].reverse() })).toBe(true);
    expect(sameMinima(science, { ...science, minGpa: 2.01 })).toBe(false);
  });
});
