import { describe, expect, it } from 'vitest';
import { excerpt, highlight, searchTerms } from './search.ts';

describe('searchTerms', () => {
  it('reads words only: operators, quotes and symbols separate words and are never syntax', () => {
    expect(searchTerms('"Scholarship" OR (exam*) -- NEAR')).toEqual(['scholarship', 'or', 'exam', 'near']);
    expect(searchTerms('*** ((( ))) ^:')).toEqual([]);
  });

  it('keeps a Devanagari word whole, vowel signs, virama and ZWJ included', () => {
    expect(searchTerms('खाली सिट, पुस्तकालय।')).toEqual(['खाली', 'सिट', 'पुस्तकालय']);
    expect(searchTerms('र्\u200dयाली')).toEqual(['र्\u200dयाली']);
  });

  it('reads a symbol number typed with a space or dash as one word', () => {
    expect(searchTerms('02012345 K')).toEqual(['02012345k']);
    expect(searchTerms('0201-2345-k')).toEqual(['02012345k']);
  });

  it('keeps at most 8 distinct words', () => {
    expect(searchTerms('a b c d e f g h i j a')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('highlight', () => {
  it('marks the words that start with a term, in either script, and keeps the rest as text', () => {
    expect(highlight('Scholarship <b>exam</b> खाली सिट', ['schol', 'खाली'])).toEqual([
      { text: 'Scholarship', hit: true },
      { text: ' <b>exam</b> ', hit: false },
      { text: 'खाली', hit: true },
      { text: ' सिट', hit: false },
    ]);
  });

  it('never marks a word that only shares letters before a vowel sign', () => {
    expect(highlight('खुला', ['खाली'])).toEqual([{ text: 'खुला', hit: false }]);
  });
});

describe('excerpt', () => {
  it('cuts a long text around its first matched word', () => {
    const text = `${'word '.repeat(100)}needle ${'word '.repeat(100)}`;
    const pieces = excerpt(text, ['needle'], 60);
    expect(pieces.find((p) => p.hit)?.text).toBe('needle');
    expect(pieces[0]!.text.startsWith('…')).toBe(true);
    expect(pieces.map((p) => p.text).join('').length).toBeLessThanOrEqual(62);
  });
});
