import type { z } from 'zod';
import { formatMegabytes } from '#common/bytes.ts';
import { toDevanagariDigits as digits } from '#common/i18n/nepali-numbers.ts';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import {
  DARK_TEXT,
  MIN_TEXT_CONTRAST,
  PAGE_BACKGROUND,
  WHITE,
  contrastRatio,
  formatRatio,
} from '#common/site-content/brand-colours.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { FIRST_RUN_LOGO, OWNER_EMAIL, OWNER_NAME } from './first-run-fields.ts';

/**
 * The first run's refusals in Nepali. The shared schemas word their refusals in English (the admin's
 * language); a Nepali page names the same field and the same rule in Nepali, with Devanagari digits.
 */

const VERSION = { en: 'अङ्ग्रेजी', ne: 'नेपाली' } as const;

const LABELS: Record<string, string> = {
  name: 'कलेजको नाम',
  shortName: 'छोटो नाम',
  addressLines: 'ठेगाना',
  phones: 'फोन नम्बर',
  email: 'सार्वजनिक इमेल ठेगाना',
  mapLinkUrl: 'नक्साको लिङ्क',
  'colours.main': 'मुख्य रङ',
  'colours.accent': 'सहायक रङ',
  [OWNER_NAME]: 'तपाईंको नाम',
  [OWNER_EMAIL]: 'तपाईंको इमेल ठेगाना',
  password: 'पासवर्ड',
  [FIRST_RUN_LOGO]: 'लोगो',
};

/** A control's name as the page labels it: `addressLines.1.ne` → 'ठेगानाको लाइन २ (नेपाली)'. */
export function nepaliLabel(field: string): string {
  const row = /^(addressLines|phones)\.(\d+)(?:\.(en|ne))?$/u.exec(field);
  if (row) {
    const n = digits(Number(row[2]) + 1);
    const base = row[1] === 'phones' ? `फोन नम्बर ${n}` : `ठेगानाको लाइन ${n}`;
    return row[3] ? `${base} (${VERSION[row[3] as 'en' | 'ne']})` : base;
  }
  const pair = /^(name|shortName)\.(en|ne)$/u.exec(field);
  if (pair) return `${LABELS[pair[1]!]} (${VERSION[pair[2] as 'en' | 'ne']})`;
  return LABELS[field] ?? field;
}

const CONTRAST_PAIRS = {
  main: [
    { against: WHITE, what: 'सेतो अक्षर' },
    { against: PAGE_BACKGROUND, what: `पृष्ठको पृष्ठभूमि ${PAGE_BACKGROUND}` },
  ],
  accent: [{ against: DARK_TEXT, what: `यसमाथिको गाढा अक्षर (${DARK_TEXT})` }],
} as const;

/** Why a colour is refused, naming its ratio and the one it needs, as the English refusal does. */
function colourRefusal(which: 'main' | 'accent', typed: string): string {
  const hex = typed.trim().toLowerCase();
  const label = nepaliLabel(`colours.${which}`);
  if (!/^#[0-9a-f]{6}$/u.test(hex)) {
    const example = which === 'main' ? '#0b3d91' : '#f5a623';
    return `${label} # र छ वटा हेक्साडेसिमल अङ्कमा लेख्नुहोस्, जस्तै ${example}।`;
  }
  for (const { against, what } of CONTRAST_PAIRS[which]) {
    const ratio = contrastRatio(hex, against);
    if (ratio < MIN_TEXT_CONTRAST)
      return `${label} ${hex} को ${what} सँगको कन्ट्रास्ट ${digits(formatRatio(ratio))} मात्र छ; कम्तीमा ${digits(`${MIN_TEXT_CONTRAST}:1`)} चाहिन्छ।`;
  }
  return `${label} मिलेन: जाँचेर फेरि लेख्नुहोस्।`;
}

/** One refused field's words in Nepali, from the rule the shared schema reports and what was typed. */
export function nepaliIssue(field: string, issue: z.core.$ZodIssue, typed: string): string {
  const label = nepaliLabel(field);
  const colour = /^colours\.(main|accent)$/u.exec(field);
  if (colour) return colourRefusal(colour[1] as 'main' | 'accent', typed);
  if (issue.code === 'too_small') {
    if (issue.origin === 'array') return `${label} लेख्नुहोस्।`;
    if (field === 'password') return `पासवर्ड कम्तीमा ${digits(MIN_NEW_PASSWORD_LENGTH)} अक्षरको हुनुपर्छ।`;
    return `${label} लेख्नुहोस्।`;
  }
  if (issue.code === 'too_big') {
    const max = digits(String(issue.maximum));
    return issue.origin === 'array' ? `${label} बढीमा ${max} वटा हुन सक्छन्।` : `${label} बढीमा ${max} अक्षरको हुनुपर्छ।`;
  }
  if (field === 'email' || field === OWNER_EMAIL)
    return `${label} मा मान्य इमेल ठेगाना लेख्नुहोस्, जस्तै office@college.edu.np।`;
  if (field.startsWith('phones.')) return `${label} मा अङ्क हुनुपर्छ, र अङ्क, खाली ठाउँ र + - ( ) . / बाहेक अरू अक्षर हुनु हुँदैन।`;
  if (field === 'mapLinkUrl') return `${label} https:// वा http:// बाट सुरु हुनुपर्छ। खाली छोडे लिङ्क देखिँदैन।`;
  return `${label} मा अनुमति नभएको अक्षर छ: जाँचेर फेरि लेख्नुहोस्।`;
}

/** The service's refusals of a first run, by code, in Nepali; null for one the page words in general. */
export function nepaliRefusal(code: string): string | null {
  switch (code) {
    case 'logo/too-large':
      return `लोगो ${digits(formatMegabytes(CONTENT_LIMITS.logoBytes))} भन्दा ठूलो छ। कृपया सानो फाइल छान्नुहोस्।`;
    case 'logo/unsupported':
    case 'logo/missing':
    case 'image/bad-upload':
      return 'लोगो PNG वा SVG चित्र हुनुपर्छ; यो फाइल ती दुवैमध्ये कुनै होइन।';
    case 'logo/unsafe-svg':
      return 'यो SVG मा स्क्रिप्ट, बाहिरी ठेगाना वा चल्न सक्ने अंश छ, त्यसैले लिइँदैन: सादा चित्र मात्र भएको SVG वा PNG छान्नुहोस्।';
    case 'password/too-short':
      return `पासवर्ड कम्तीमा ${digits(MIN_NEW_PASSWORD_LENGTH)} अक्षरको हुनुपर्छ।`;
    case 'password/too-common':
      return 'यो पासवर्ड धेरै प्रचलित छ, त्यसैले सजिलै अनुमान गर्न सकिन्छ: अर्को छान्नुहोस्।';
    case 'staff/email-taken':
      return 'यो इमेल ठेगानाको खाता पहिले नै छ।';
    case 'link/invalid':
      return 'यो लिङ्क प्रयोग भइसकेको छ, यसको म्याद सकिएको छ वा नयाँ लिङ्कले यसलाई बदलेको छ। साइट चलाउने व्यक्तिसँग नयाँ लिङ्क माग्नुहोस्।';
    default:
      return null;
  }
}

/** What a Nepali page says of a refusal it has no words of its own for: nothing was saved, try again. */
export const NEPALI_NOT_SAVED = 'सेटअप अहिले सुरक्षित गर्न सकिएन; केही पनि सुरक्षित भएन। केही बेरपछि फेरि पठाउनुहोस्।';
