/**
 * Words are separated by whitespace and, in Nepali, also by the danda '।' and the double danda '॥', which
 * end a sentence and are often typed without a space after them ("नेपाल।भारत" is two words). A danda standing
 * alone between spaces is punctuation, not a word. Text without a danda is counted on whitespace alone.
 */
const WORD_SEPARATORS = /[\s\u0964\u0965]+/u;

export function countWords(text: string): number {
  return text.split(WORD_SEPARATORS).filter((word) => word !== '').length;
}
