import type { SiteLanguage } from '../site-content/local-text.ts';
import { toDevanagariDigits } from './nepali-numbers.ts';

// Nepal groups digits as India does: the last three, then pairs (1,25,000).
const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Rupees as the office writes them: 'Rs 1,25,000' in English, 'रु. १,२५,०००' in Nepali. */
export function formatRupees(lang: SiteLanguage, amount: number): string {
  const grouped = grouping.format(amount);
  return lang === 'ne' ? `रु. ${toDevanagariDigits(grouped)}` : `Rs ${grouped}`;
}

/** A count in the page's digits: '1,200' in English, '१,२००' in Nepali. */
export function formatCount(lang: SiteLanguage, count: number): string {
  const grouped = grouping.format(count);
  return lang === 'ne' ? toDevanagariDigits(grouped) : grouped;
}
