import { describe, expect, it } from 'vitest';
import { countWords } from './words.ts';

describe('countWords', () => {
  it('counts English words on any whitespace, as before', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n\t ')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('  Exam routine\tfor\n\nGrade 12  ')).toBe(5);
    expect(countWords('Hello, world! - see https://example.com/a b')).toBe(6);
  });

  it('counts Nepali words separated by spaces', () => {
    expect(countWords('कक्षा १२ को परीक्षा तालिका')).toBe(5);
  });

  it('treats the danda and the double danda as separators, with or without a space after them', () => {
    expect(countWords('परीक्षा सुरु हुन्छ।सबै विद्यार्थी आउनुहोस्।')).toBe(6);
    expect(countWords('परीक्षा सुरु हुन्छ। सबै विद्यार्थी आउनुहोस्॥')).toBe(6);
    expect(countWords('नेपाल॥भारत')).toBe(2);
  });

  it('does not count a danda standing alone between spaces as a word', () => {
    expect(countWords('परीक्षा सुरु हुन्छ । सबै आउनुहोस् ।')).toBe(5);
    expect(countWords(' । ॥ ')).toBe(0);
  });

  it('keeps the Devanagari combining marks inside their word', () => {
    // Virama, vowel signs and the candrabindu are parts of a word, never separators.
    expect(countWords('क्षत्रिय ज्ञान उद्धार ह्रस्व चट्टान धर्म')).toBe(6);
  });
});
