import type { LocalText } from '#common/site-content/local-text.ts';
import { defaultSections } from './content-defaults.ts';

/**
 * The default texts' Nepali, by their English. Every site started with the default content in English only
 * (migration 0005 stored it with the Nepali versions empty), so a text still in its default English with no
 * Nepali of the office's own reads with the default's Nepali: the Nepali pages are Nepali from the start,
 * and the admin shows the same Nepali in the text's field. A text whose English the office changed keeps
 * what the office saved, an empty Nepali version included, which shows the English on Nepali pages.
 */
function defaultNepaliByEnglish(): Map<string, string> {
  const found = new Map<string, string>();
  const collect = (value: unknown): void => {
    if (isLocalText(value)) {
      if (value.en === '' || value.ne === '') return;
      const known = found.get(value.en);
      if (known !== undefined && known !== value.ne) {
        throw new Error(`The default text "${value.en}" has two Nepali versions`);
      }
      found.set(value.en, value.ne);
    } else if (Array.isArray(value)) {
      value.forEach(collect);
    } else if (typeof value === 'object' && value !== null) {
      Object.values(value).forEach(collect);
    }
  };
  collect(defaultSections());
  return found;
}

let byEnglish: Map<string, string> | null = null;

function isLocalText(value: unknown): value is LocalText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const text = value as Partial<LocalText>;
  return keys.length === 2 && typeof text.en === 'string' && typeof text.ne === 'string';
}

/** A copy of `value` with each of its texts (at any depth) replaced by `change(text)`. */
function mapTexts(value: unknown, change: (text: LocalText) => LocalText): unknown {
  if (isLocalText(value)) return change(value);
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, change));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, change)]));
  }
  return value;
}

/** `data` with the default Nepali in every empty Nepali version of a text still in its default English. */
export function withDefaultNepali<T>(data: T): T {
  byEnglish ??= defaultNepaliByEnglish();
  const defaults = byEnglish;
  return mapTexts(data, (text) => {
    const nepali = text.ne === '' ? defaults.get(text.en) : undefined;
    return nepali === undefined ? text : { en: text.en, ne: nepali };
  }) as T;
}

/** `data` with every Nepali version empty: what migration 0005 stored of the defaults. */
export function englishOnly<T>(data: T): T {
  return mapTexts(data, (text) => ({ en: text.en, ne: '' })) as T;
}
