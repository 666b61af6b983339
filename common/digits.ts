/**
 * Numbers typed in Devanagari digits (९८०…) mean the same as in Latin ones: every form that asks for a number
 * reads it through `latinDigits` before checking it, so a Nepali keyboard is never refused.
 */
const DEVANAGARI_ZERO = 0x0966;

/** Writes every Devanagari digit ०–९ of a text as its Latin digit ("९८०" → "980"); other characters stay. */
export function latinDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/gu, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}
