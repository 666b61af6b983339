import { formatBsAd, nepalDateString, toBsDate } from '../dates/bs-date.ts';
import { bsStringToAd } from '../dates/bs-date-string.ts';
import { isoToNepalLocal } from '../dates/nepal-time.ts';
import type { SiteLanguage } from '../site-content/local-text.ts';
import { formatNepaliDate, toDevanagariDigits } from './nepali-numbers.ts';

/** The months of the A.D. year as Nepali writes them, January (1) to December (12). */
const NEPALI_AD_MONTHS = [
  'जनवरी',
  'फेब्रुअरी',
  'मार्च',
  'अप्रिल',
  'मे',
  'जुन',
  'जुलाई',
  'अगस्ट',
  'सेप्टेम्बर',
  'अक्टोबर',
  'नोभेम्बर',
  'डिसेम्बर',
] as const;

/**
 * A date as a page in `lang` shows it, the B.S. date first and the A.D. date after it, both days in Nepal
 * time: '6 Mangsir 2083 B.S. (22 Nov 2026)' in English, '६ मंसिर २०८३ (२२ नोभेम्बर २०२६)' in Nepali; '' for
 * no date.
 */
export function formatDateIn(lang: SiteLanguage, iso: string): string {
  if (lang === 'en') return formatBsAd(iso);
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const [year, month, day] = nepalDateString(instant).split('-').map(Number) as [number, number, number];
  const ad = `${toDevanagariDigits(day)} ${NEPALI_AD_MONTHS[month - 1]} ${toDevanagariDigits(year)}`;
  return `${formatNepaliDate(toBsDate(instant))} (${ad})`;
}

/** A stored B.S. date ('YYYY-MM-DD' B.S.) as a page in `lang` shows it, with its A.D. day; '' for none. */
export function formatBsStringIn(lang: SiteLanguage, bs: string): string {
  if (!bs) return '';
  // Noon in Nepal of its A.D. day: the same day in every time zone's reading of the instant.
  return formatDateIn(lang, `${bsStringToAd(bs)}T06:15:00.000Z`);
}

/** A moment as a page in `lang` shows it: its date (formatDateIn) and its time of day in Nepal, 24-hour ('14:05', '१४:०५'). */
export function formatDateTimeIn(lang: SiteLanguage, iso: string): string {
  const date = formatDateIn(lang, iso);
  if (!date) return '';
  const time = isoToNepalLocal(iso).slice(11);
  return `${date}, ${lang === 'ne' ? toDevanagariDigits(time) : time}`;
}
