import { PROVINCES } from '../nepal-places.ts';
import type { SiteLanguage } from '../site-content/local-text.ts';
import { applyEn } from './apply-en.ts';
import { applyNe } from './apply-ne.ts';

/**
 * What an applicant chose, in words of the page's language, never the stored code: a gender as the form
 * offered it ('male' is 'Male', 'पुरुष'), a province by its current name ('Bagmati Province', 'बागमती प्रदेश'),
 * not the number it had before the names were adopted.
 */

/** A gender as the form offered it; a value the form never offered is shown as stored. */
export function genderWordIn(lang: SiteLanguage, gender: string): string {
  const words = (lang === 'ne' ? applyNe : applyEn).genders;
  return Object.hasOwn(words, gender) ? words[gender as keyof typeof words] : gender;
}

/** A province by its current name; a number that names none is shown as stored. */
export function provinceNameIn(lang: SiteLanguage, province: number): string {
  const found = PROVINCES.find((p) => p.number === province);
  if (!found) return String(province);
  return lang === 'ne' ? `${found.ne} प्रदेश` : `${found.en} Province`;
}
