import type { SiteLanguage } from '../site-content/local-text.ts';

const rules = { en: new Intl.PluralRules('en'), ne: new Intl.PluralRules('ne') };

/**
 * The word for `count` things in the language's plural rules: `one` for 1 ('1 free seat'), `other` for the
 * rest ('0 free seats', '2 free seats'). Nepali nouns after a number do not change, so both are given alike.
 */
export const plural = (lang: SiteLanguage, count: number, one: string, other: string): string =>
  rules[lang].select(count) === 'one' ? one : other;
