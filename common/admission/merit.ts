import { NEB_GRADES } from './neb-grades.ts';

/**
 * The merit list of one programme: candidates ranked by the office's ordered rules, then seats filled from
 * it. Shared by the office's page (which writes the order out) and the server, which computes and publishes.
 *
 * How seats are filled, in this order:
 * 1. Absent candidates, candidates without marks and candidates below the pass mark are not selected.
 * 2. Open seats (the programme's seats less its scholarship seats) go down the whole list in merit order,
 *    scholarship candidates included: a candidate who earns an open seat does not use a scholarship seat.
 * 3. Each category's scholarship seats go to the best of that category's candidates still without a seat,
 *    in the same order (the category's own ranking).
 * 4. Scholarship seats no candidate of the category could take are added to the open seats, which go on
 *    down the list.
 * 5. Everyone else who passed is on the waiting list, in merit order, numbered from 1.
 * An applicant's second choice is not considered: each candidate is ranked for the first choice only.
 */

export const MERIT_RULES = ['marks', 'gpa', 'mathematics', 'science', 'english', 'older'] as const;
export type MeritRule = (typeof MERIT_RULES)[number];
export const DEFAULT_MERIT_RULES: readonly MeritRule[] = MERIT_RULES;

export const MERIT_RULE_LABELS: Record<MeritRule, { en: string; ne: string }> = {
  marks: { en: 'Entrance marks, higher first', ne: 'प्रवेश परीक्षाको अङ्क, बढी पहिले' },
  gpa: { en: 'SEE GPA, higher first', ne: 'एसईई जीपीए, बढी पहिले' },
  mathematics: { en: 'SEE grade in Mathematics, better first', ne: 'एसईईमा गणितको ग्रेड, राम्रो पहिले' },
  science: { en: 'SEE grade in Science, better first', ne: 'एसईईमा विज्ञानको ग्रेड, राम्रो पहिले' },
  english: { en: 'SEE grade in English, better first', ne: 'एसईईमा अङ्ग्रेजीको ग्रेड, राम्रो पहिले' },
  older: { en: 'Date of birth, older first', ne: 'जन्म मिति, जेठो पहिले' },
};

/** The last rule, never moved: the application submitted first (its lower number). No two are then equal. */
export const FINAL_TIE_BREAK = {
  en: 'Application number, lower (submitted earlier) first',
  ne: 'आवेदन नम्बर, सानो (पहिले बुझाएको) पहिले',
};

const SUBJECT_OF: Partial<Record<MeritRule, string>> = {
  mathematics: 'Mathematics',
  science: 'Science',
  english: 'English',
};

export interface MeritCandidate {
  applicationId: string;
  /** The application's number in its season: the last tie-break. */
  number: number;
  rollNumber: number;
  marksHundredths: number | null;
  absent: boolean;
  gpaHundredths: number;
  /** SEE grades by subject on the NEB scale. */
  grades: Record<string, string>;
  /** B.S. 'YYYY-MM-DD': earlier text is an older applicant. */
  birthDate: string;
  categoryId: string | null;
}

export interface MeritSeats {
  seats: number;
  /** Scholarship seats by category id. */
  scholarship: Record<string, number>;
}

export type MeritOutcome = 'offered' | 'waitlisted' | 'not-selected';
export type NotSelectedReason = 'absent' | 'no-marks' | 'below-pass-mark' | null;

export interface MeritEntry {
  applicationId: string;
  rollNumber: number;
  /** Place in the merit order (1 first); null for those not ranked (absent, no marks, below the pass mark). */
  rank: number | null;
  outcome: MeritOutcome;
  /** 'open', or the scholarship category's id; null without a seat. */
  seat: string | null;
  waitlistPosition: number | null;
  reason: NotSelectedReason;
}

/** A grade's place on the NEB scale, best 0; a missing or unknown grade after every real one. */
const gradeRank = (grade: string | undefined): number => {
  const i = NEB_GRADES.indexOf(grade as (typeof NEB_GRADES)[number]);
  return i < 0 ? NEB_GRADES.length : i;
};

/** How two candidates compare under one rule: negative when `a` is ahead, 0 when the rule cannot tell them apart. */
function ruleDifference(rule: MeritRule, a: MeritCandidate, b: MeritCandidate): number {
  if (rule === 'marks') return (b.marksHundredths ?? -1) - (a.marksHundredths ?? -1);
  if (rule === 'gpa') return b.gpaHundredths - a.gpaHundredths;
  if (rule === 'older') return a.birthDate < b.birthDate ? -1 : a.birthDate > b.birthDate ? 1 : 0;
  return gradeRank(a.grades[SUBJECT_OF[rule]!]) - gradeRank(b.grades[SUBJECT_OF[rule]!]);
}

/** The order of two candidates under `rules`: negative when `a` is ahead. */
export function compareCandidates(rules: readonly MeritRule[]) {
  return (a: MeritCandidate, b: MeritCandidate): number => {
    for (const rule of rules) {
      const d = ruleDifference(rule, a, b);
      if (d !== 0) return d;
    }
    return a.number - b.number;
  };
}

/**
 * The rule that put `below` after `above`, its neighbour in the list, when the first rule could not tell them
 * apart (a tie): null when the first rule decided, 'number' when every rule tied and the application number did.
 */
export function tieBrokenBy(
  rules: readonly MeritRule[],
  above: MeritCandidate,
  below: MeritCandidate,
): MeritRule | 'number' | null {
  const decided = rules.find((rule) => ruleDifference(rule, above, below) !== 0);
  if (decided === rules[0]) return null;
  return decided ?? 'number';
}

/** Rules as the office saved them: each known rule once, in their order, any missing one appended. */
export function normaliseRules(saved: readonly string[]): MeritRule[] {
  const known = saved.filter((r, i): r is MeritRule => MERIT_RULES.includes(r as MeritRule) && saved.indexOf(r) === i);
  return [...known, ...MERIT_RULES.filter((r) => !known.includes(r))];
}

/** The programme's merit list: every candidate once, ranked ones first in merit order. */
export function computeMerit(
  candidates: readonly MeritCandidate[],
  options: { rules: readonly MeritRule[]; passMarkHundredths: number },
  seats: MeritSeats,
): MeritEntry[] {
  const out = new Map<string, MeritEntry>();
  const ranked: MeritCandidate[] = [];
  for (const c of candidates) {
    const reason: NotSelectedReason = c.absent
      ? 'absent'
      : c.marksHundredths === null
        ? 'no-marks'
        : c.marksHundredths < options.passMarkHundredths
          ? 'below-pass-mark'
          : null;
    if (reason) {
      out.set(c.applicationId, {
        applicationId: c.applicationId,
        rollNumber: c.rollNumber,
        rank: null,
        outcome: 'not-selected',
        seat: null,
        waitlistPosition: null,
        reason,
      });
    } else ranked.push(c);
  }
  ranked.sort(compareCandidates(options.rules));

  const seatOf = new Map<string, string>();
  const scholarshipTotal = Object.values(seats.scholarship).reduce((s, n) => s + Math.max(0, n), 0);
  let open = Math.max(0, seats.seats - scholarshipTotal);
  const fillOpen = () => {
    for (const c of ranked) {
      if (open <= 0) break;
      if (!seatOf.has(c.applicationId)) {
        seatOf.set(c.applicationId, 'open');
        open--;
      }
    }
  };
  fillOpen();
  let unfilled = 0;
  for (const [category, count] of Object.entries(seats.scholarship)) {
    let left = Math.max(0, count);
    for (const c of ranked) {
      if (left <= 0) break;
      if (c.categoryId === category && !seatOf.has(c.applicationId)) {
        seatOf.set(c.applicationId, category);
        left--;
      }
    }
    unfilled += left;
  }
  // Open seats can never exceed the programme's seats, even when its scholarship seats were declared above them.
  open += Math.min(unfilled, Math.max(0, seats.seats - seatOf.size));
  fillOpen();

  let waitlist = 0;
  const list: MeritEntry[] = ranked.map((c, i) => {
    const seat = seatOf.get(c.applicationId) ?? null;
    return {
      applicationId: c.applicationId,
      rollNumber: c.rollNumber,
      rank: i + 1,
      outcome: seat ? 'offered' : 'waitlisted',
      seat,
      waitlistPosition: seat ? null : ++waitlist,
      reason: null,
    };
  });
  const rest = [...out.values()].sort((a, b) => a.rollNumber - b.rollNumber);
  return [...list, ...rest];
}

/**
 * Who is offered the seat an offer gave up: for a scholarship seat, the first on the waiting list of that
 * category (anyone first on the list when the category has nobody left); for an open seat, the first on the
 * list. `waiting` is the waiting list in its order.
 */
export function nextFromWaitlist<T extends { categoryId: string | null }>(
  waiting: readonly T[],
  seat: string,
): { next: T; seat: string } | null {
  if (seat !== 'open') {
    const same = waiting.find((w) => w.categoryId === seat);
    if (same) return { next: same, seat };
  }
  return waiting[0] ? { next: waiting[0], seat: 'open' } : null;
}
