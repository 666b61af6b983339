/**
 * Words are separated by whitespace and, in Nepali, also by the danda '।' and the double danda '॥', which
 * end a sentence and are often typed without a space after them ("नेपाल।भारत" is two words). A danda standing
 * alone between spaces is punctuation, not a word. Text without a danda is counted on whitespace alone.
 */
const WORD_SEPARATORS = /[\s\u0964\u0965]+/u;

export function countWords(text: string): number {
  return text.split(WORD_SEPARATORS).filter((word) => word !== '').length;
}

/** How much of a notice's description its card shows: whole words, up to both limits. */
export const EXCERPT_LIMITS = { words: 30, chars: 180 } as const;

/** A word: a run of anything but whitespace and dandas. */
const WORD = /[^\s\u0964\u0965]+/gu;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters as a reader counts them: a Devanagari letter with its vowel signs and virama is one, not three. */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of graphemes.segment(text)) n += 1;
  return n;
}

export interface Excerpt {
  /** The start of the text, ending on a whole word (a first word longer than the limit is cut between letters). */
  text: string;
  /** Whether the text goes on after the excerpt (an ellipsis follows it). */
  more: boolean;
  /** Whether the excerpt ends inside a word, so it must not be made into a link. */
  cutInWord: boolean;
}

/**
 * The first words of a text, at most `words` words (counted as countWords counts them) and `chars` characters
 * (grapheme clusters, so a Devanagari syllable is never split from its vowel sign). A text within both limits
 * comes back whole; punctuation left hanging at the cut (a comma, a danda) is dropped before the ellipsis.
 */
export function excerpt(text: string, { words, chars }: { words: number; chars: number } = EXCERPT_LIMITS): Excerpt {
  const whole = text.trim();
  let end = 0;
  let count = 0;
  let more = false;
  for (const match of whole.matchAll(WORD)) {
    const wordEnd = match.index + match[0].length;
    if (count === words || countCharacters(whole.slice(0, wordEnd)) > chars) {
      more = true;
      break;
    }
    end = wordEnd;
    count += 1;
  }
  if (!more) return { text: whole, more: false, cutInWord: false };
  if (count === 0) {
    const kept: string[] = [];
    for (const { segment } of graphemes.segment(whole)) {
      if (kept.length === chars) break;
      kept.push(segment);
    }
    return { text: kept.join(''), more: true, cutInWord: true };
  }
  return { text: whole.slice(0, end).replace(/[\s,;:\-–—\u0964\u0965]+$/u, ''), more: true, cutInWord: false };
}
