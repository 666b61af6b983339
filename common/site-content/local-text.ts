import { z } from 'zod';

export const SITE_LANGUAGES = ['en', 'ne'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/**
 * Every text the office edits has an English version and an optional Nepali one beside it, in this one
 * shape everywhere. An empty Nepali version means "show the English one" on Nepali pages.
 */
export interface LocalText {
  en: string;
  ne: string;
}

export interface TextRule {
  /** The field as a sentence names it: "motto", "college's name". */
  noun: string;
  max: number;
  /** Whether the English version may be empty (an empty text hides what would show it). */
  optional?: boolean;
  /** The message for an empty English version, when "Enter the <noun>." does not say it well. */
  requiredMessage?: string;
}

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters.`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The schema of one text field: both versions trimmed, each with the field's own limit and message. */
export function localText({ noun, max, optional = false, requiredMessage }: TextRule) {
  const required = requiredMessage ?? `Enter the ${noun}.`;
  const english = z
    .string({ error: optional ? `The ${noun} must be text.` : required })
    .trim()
    .max(max, tooLong(capitalised(`the ${noun}`), max));
  return z.object({
    en: optional ? english : english.min(1, required),
    ne: z
      .string({ error: `The Nepali ${noun} must be text.` })
      .trim()
      .max(max, tooLong(`The Nepali ${noun}`, max))
      .default(''),
  });
}

/** The version to show on a page in `lang`, and the language it is really in (for `lang="en"` on a fallback). */
export function localize(text: LocalText, lang: SiteLanguage): { text: string; lang: SiteLanguage } {
  if (lang === 'ne' && text.ne !== '') return { text: text.ne, lang: 'ne' };
  return { text: text.en, lang: 'en' };
}

/** Long texts (about, messages) are typed as paragraphs separated by an empty line. */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/u)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** A text with no Nepali version yet. */
export const english = (en: string): LocalText => ({ en, ne: '' });
