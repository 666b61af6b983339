import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, excerpt } from './words.ts';

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

describe('excerpt', () => {
  const limits = { words: 4, chars: 30 };

  it('gives a text within both limits back whole, without an ellipsis', () => {
    expect(excerpt('  Exam routine for Grade 12  ', { words: 5, chars: 30 })).toEqual({
      text: 'Exam routine for Grade 12',
      more: false,
      cutInWord: false,
    });
    // A danda at the very end is part of the text, not a word left out.
    expect(excerpt('परीक्षा सुरु हुन्छ।', limits)).toEqual({ text: 'परीक्षा सुरु हुन्छ।', more: false, cutInWord: false });
  });

  it('stops after the word limit, counting words as countWords does', () => {
    expect(excerpt('one two three four five', limits)).toEqual({
      text: 'one two three four',
      more: true,
      cutInWord: false,
    });
    // Dandas separate words even without a space; the one left hanging at the cut is dropped.
    expect(excerpt('परीक्षा सुरु हुन्छ।सबै विद्यार्थी आउनुहोस्।', limits)).toEqual({
      text: 'परीक्षा सुरु हुन्छ।सबै',
      more: true,
      cutInWord: false,
    });
    expect(excerpt('परीक्षा सुरु हुन्छ। सबै विद्यार्थी', { words: 3, chars: 100 }).text).toBe('परीक्षा सुरु हुन्छ');
  });

  it('stops at the last whole word within the character limit, dropping a hanging comma', () => {
    expect(excerpt('Admission open, apply before Friday', { words: 10, chars: 20 })).toEqual({
      text: 'Admission open',
      more: true,
      cutInWord: false,
    });
  });

  it('counts a Devanagari syllable with its vowel signs as one character', () => {
    expect(countCharacters('कि')).toBe(1);
    expect(countCharacters('परीक्षा')).toBeLessThan('परीक्षा'.length);
    // 'विद्यार्थी' is 10 code units; it fits a limit of its reader-visible length.
    const word = 'विद्यार्थी';
    expect(excerpt(`${word} ${word}`, { words: 10, chars: countCharacters(word) + 1 })).toEqual({
      text: word,
      more: true,
      cutInWord: false,
    });
  });

  it('cuts a first word longer than the limit between characters and says so', () => {
    const address = `https://docs.google.com/forms/d/${'x'.repeat(60)}/viewform`;
    const cut = excerpt(address, limits);
    expect(cut).toEqual({ text: address.slice(0, 30), more: true, cutInWord: true });
    const nepali = excerpt('क'.repeat(10) + 'ि', { words: 2, chars: 10 });
    expect(nepali.text).toBe('क'.repeat(9) + 'कि');
    expect(nepali.more).toBe(false);
  });
});
