import { describe, expect, it } from 'vitest';
import { checkMarks, readMarksCsv } from './entrance.ts';

describe('marks in Devanagari digits', () => {
  it('reads a CSV whose roll numbers and marks are in Devanagari digits (७८.५ is 78.5)', () => {
    const file = readMarksCsv('१,७८.५\n२,AB\n');
    expect(file.problem).toBeNull();
    const checked = checkMarks(file.rows, new Set([1, 2]), 100);
    expect(checked.problems).toEqual([]);
    expect(checked.rows).toEqual([
      { rollNumber: 1, marksHundredths: 7850, absent: false },
      { rollNumber: 2, marksHundredths: null, absent: true },
    ]);
  });

  it('reads the same digits under a header, and in the grid', () => {
    const file = readMarksCsv('रोल नम्बर,अङ्क\n३,४५\n');
    expect(checkMarks(file.rows, new Set([3]), 100).rows).toEqual([
      { rollNumber: 3, marksHundredths: 4500, absent: false },
    ]);
    expect(checkMarks([{ line: 1, rollNumber: '३', marks: '९९.२५' }], new Set([3]), 100).rows).toEqual([
      { rollNumber: 3, marksHundredths: 9925, absent: false },
    ]);
  });

  it('still names marks that are not a number, whatever the digits', () => {
    const { problems } = checkMarks([{ line: 1, rollNumber: '१', marks: '७८..५' }], new Set([1]), 100);
    expect(problems[0]?.message).toBe(
      "'78..5' for roll number 1 is not a number of marks (write 45 or 45.5, or AB for absent).",
    );
  });
});
