import type { Programme, QuotaSummary, ScholarshipCategory, Season } from './admission-season.ts';
import { formatBsStringIn } from '../i18n/dates.ts';
import { formatRupees } from '../i18n/amounts.ts';
import { NOTICE_LIMITS } from '../limits.ts';
import type { NoticeInput } from '../notices/notice.ts';
import { countWords } from '../words.ts';

const PERIOD = { once: 'once', year: 'a year', month: 'a month', instalment: 'an instalment' } as const;

/**
 * The season's fee structure and scholarship quota as a notice for the notice board (printed with its
 * reference number and QR code, so the copy on the board can be checked against the site). A notice is
 * short: when every fee does not fit, each programme lists its seats and its admission fee only, and the
 * admission page has the rest.
 */
export function seasonSummaryNotice(
  view: { season: Season; programmes: Programme[]; categories: ScholarshipCategory[]; quota: QuotaSummary },
  referenceNo: string,
): NoticeInput {
  const { season, programmes, categories, quota } = view;
  const rupees = (n: number) => formatRupees('en', n);
  const approval = (p: Programme) =>
    p.feeApprovedBy ? ` Approved by ${p.feeApprovedBy}${p.feeReference ? ` (${p.feeReference})` : ''}.` : '';
  const full = (p: Programme) =>
    `${p.nameEn}: ${p.seats} seats; ${p.fees.map((f) => `${f.nameEn} ${rupees(f.amount)} ${PERIOD[f.period]}`).join('; ')}.${approval(p)}`;
  const short = (p: Programme) => {
    const first = p.fees.find((f) => !f.neb);
    return `${p.nameEn}: ${p.seats} seats${first ? `; ${first.nameEn} ${rupees(first.amount)}` : ''}.`;
  };
  const quotaLine = `Free seats (scholarship quota): ${categories
    .map((c) => `${c.nameEn} ${quota.byCategory[c.id] ?? 0}`)
    .join(', ')}; ${quota.declared} in all.`;
  const dates = `Applications open ${formatBsStringIn('en', season.opensOn)} and close ${formatBsStringIn('en', season.closesOn)}.`;
  const ending = 'Full details on the admission page of the college website.';
  const build = (line: (p: Programme) => string) =>
    [dates, ...programmes.map(line), categories.length ? quotaLine : '', ending].filter(Boolean).join('\n');
  let description = build(full);
  if (countWords(description) > NOTICE_LIMITS.descriptionMaxWords) description = build(short);
  return {
    title: `Fee structure and scholarship quota, admission ${season.name}`,
    description,
    category: 'admission',
    referenceNo,
    language: 'en',
  };
}
