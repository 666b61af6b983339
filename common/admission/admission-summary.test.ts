import { describe, expect, it } from 'vitest';
import type { Programme, QuotaSummary, Season } from './admission-season.ts';
import { seasonSummaryNotice } from './admission-summary.ts';
import { NoticeInputSchema } from '../notices/notice.ts';

const season = { name: '2084/85', opensOn: '2084-03-01', closesOn: '2084-03-31' } as Season;
const programme = (n: number): Programme => ({
  id: `p${n}`,
  nameEn: `Programme ${n}`,
  nameNe: '',
  stream: 'Science',
  seats: 100,
  applicationFee: 0,
  fees: [
    { nameEn: 'Admission fee', nameNe: '', amount: 125_000, period: 'once', neb: false },
    { nameEn: 'Monthly fee', nameNe: '', amount: 6_500, period: 'month', neb: false },
    { nameEn: 'NEB registration fee', nameNe: '', amount: 1_500, period: 'once', neb: true },
  ],
  admissionFeeForContinuing: true,
  feeApprovedBy: 'Bharatpur Metropolitan City',
  feeApprovedOn: '',
  feeReference: 'BMC/112',
  minGpa: 2,
  minGrades: [],
  scholarshipSeats: { c1: 10 },
});
const quota = { declared: 10, byCategory: { c1: 10 } } as unknown as QuotaSummary;
const categories = [{ id: 'c1', nameEn: 'Open merit', nameNe: '', proofEn: '', proofNe: '' }];

describe('the season summary notice', () => {
  it('lists the dates, every fee with its approval and the quota, as a valid admission notice', () => {
    const notice = seasonSummaryNotice({ season, programmes: [programme(1)], categories, quota }, 'OC/2084/12');
    expect(notice.description).toContain('Applications open 1 Ashadh 2084 B.S. (15 Jun 2027)');
    expect(notice.description).toContain('Admission fee Rs 1,25,000 once; Monthly fee Rs 6,500 a month');
    expect(notice.description).toContain('Approved by Bharatpur Metropolitan City (BMC/112).');
    expect(notice.description).toContain('Open merit 10; 10 in all.');
    expect(NoticeInputSchema.safeParse(notice).success).toBe(true);
  });

  it('stays within a notice’s words with many programmes, listing seats and the admission fee only', () => {
    const many = Array.from({ length: 8 }, (_, i) => programme(i + 1));
    const notice = seasonSummaryNotice({ season, programmes: many, categories, quota }, 'OC/2084/12');
    expect(notice.description).not.toContain('Monthly fee');
    expect(NoticeInputSchema.safeParse(notice).success).toBe(true);
  });
});
