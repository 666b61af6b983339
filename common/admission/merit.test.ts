import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MERIT_RULES,
  type MeritCandidate,
  computeMerit,
  nextFromWaitlist,
  normaliseRules,
  tieBrokenBy,
} from './merit.ts';

const GRADES = { Mathematics: 'B', Science: 'B', English: 'B' };
let n = 0;
function candidate(over: Partial<MeritCandidate> & { id: string }): MeritCandidate {
  n++;
  return {
    applicationId: over.id,
    number: over.number ?? n,
    rollNumber: over.rollNumber ?? 100 + n,
    marksHundredths: 5000,
    absent: false,
    gpaHundredths: 300,
    grades: GRADES,
    birthDate: '2068-05-05',
    categoryId: null,
    ...over,
  };
}
const order = (list: ReturnType<typeof computeMerit>) => list.map((e) => e.applicationId);
const rank = (cs: MeritCandidate[], rules = DEFAULT_MERIT_RULES) =>
  order(computeMerit(cs, { rules, passMarkHundredths: 0 }, { seats: 100, scholarship: {} }));

describe('the merit order', () => {
  it('puts higher entrance marks first', () => {
    expect(
      rank([candidate({ id: 'a', marksHundredths: 4000 }), candidate({ id: 'b', marksHundredths: 4050 })]),
    ).toEqual(['b', 'a']);
  });
  it('breaks a tie in marks by SEE GPA', () => {
    expect(rank([candidate({ id: 'a', gpaHundredths: 310 }), candidate({ id: 'b', gpaHundredths: 320 })])).toEqual([
      'b',
      'a',
    ]);
  });
  it('then by Mathematics, Science and English in that order', () => {
    const maths = [
      candidate({ id: 'a', grades: { ...GRADES, Mathematics: 'B+' } }),
      candidate({ id: 'b', grades: { ...GRADES, Mathematics: 'A' } }),
    ];
    expect(rank(maths)).toEqual(['b', 'a']);
    const science = [
      candidate({ id: 'a', grades: { ...GRADES, Science: 'C', English: 'A+' } }),
      candidate({ id: 'b', grades: { ...GRADES, Science: 'C+', English: 'D' } }),
    ];
    expect(rank(science)).toEqual(['b', 'a']);
    const english = [
      candidate({ id: 'a', grades: { ...GRADES, English: 'C' } }),
      candidate({ id: 'b', grades: { ...GRADES, English: 'B+' } }),
      candidate({ id: 'c', grades: { Mathematics: 'B', Science: 'B' } }),
    ];
    expect(rank(english)).toEqual(['b', 'a', 'c']);
  });
  it('then the older applicant, then the lower application number', () => {
    expect(
      rank([candidate({ id: 'a', birthDate: '2068-05-06' }), candidate({ id: 'b', birthDate: '2068-04-30' })]),
    ).toEqual(['b', 'a']);
    expect(rank([candidate({ id: 'a', number: 9 }), candidate({ id: 'b', number: 3 })])).toEqual(['b', 'a']);
  });
  it("follows the office's order of the rules", () => {
    const cs = [
      candidate({ id: 'a', marksHundredths: 6000, gpaHundredths: 250 }),
      candidate({ id: 'b', marksHundredths: 5000, gpaHundredths: 390 }),
    ];
    expect(rank(cs)).toEqual(['a', 'b']);
    expect(rank(cs, normaliseRules(['gpa', 'marks']))).toEqual(['b', 'a']);
  });
  it('keeps each known rule once and appends missing ones', () => {
    expect(normaliseRules(['older', 'older', 'nonsense', 'gpa'])).toEqual([
      'older',
      'gpa',
      'marks',
      'mathematics',
      'science',
      'english',
    ]);
  });
});

describe('filling the seats', () => {
  it('does not select the absent, those without marks or below the pass mark', () => {
    const list = computeMerit(
      [
        candidate({ id: 'pass', marksHundredths: 4000 }),
        candidate({ id: 'edge', marksHundredths: 3999 }),
        candidate({ id: 'absent', absent: true, marksHundredths: null }),
        candidate({ id: 'none', marksHundredths: null }),
      ],
      { rules: DEFAULT_MERIT_RULES, passMarkHundredths: 4000 },
      { seats: 10, scholarship: {} },
    );
    const by = Object.fromEntries(list.map((e) => [e.applicationId, e]));
    expect(by.pass).toMatchObject({ outcome: 'offered', rank: 1, seat: 'open' });
    expect(by.edge).toMatchObject({ outcome: 'not-selected', reason: 'below-pass-mark', rank: null });
    expect(by.absent).toMatchObject({ outcome: 'not-selected', reason: 'absent' });
    expect(by.none).toMatchObject({ outcome: 'not-selected', reason: 'no-marks' });
  });

  it('offers up to the seats and waitlists the rest in order', () => {
    const cs = [1, 2, 3, 4, 5].map((i) => candidate({ id: `c${i}`, marksHundredths: 9000 - i * 100 }));
    const list = computeMerit(cs, { rules: DEFAULT_MERIT_RULES, passMarkHundredths: 0 }, { seats: 2, scholarship: {} });
    expect(list.map((e) => [e.applicationId, e.outcome, e.waitlistPosition])).toEqual([
      ['c1', 'offered', null],
      ['c2', 'offered', null],
      ['c3', 'waitlisted', 1],
      ['c4', 'waitlisted', 2],
      ['c5', 'waitlisted', 3],
    ]);
  });

  it('fills scholarship seats from their own category after the open seats', () => {
    const cs = [
      candidate({ id: 'top-dalit', marksHundredths: 9000, categoryId: 'dalit' }),
      candidate({ id: 'open1', marksHundredths: 8000 }),
      candidate({ id: 'open2', marksHundredths: 7000 }),
      candidate({ id: 'dalit2', marksHundredths: 5000, categoryId: 'dalit' }),
      candidate({ id: 'girl', marksHundredths: 4000, categoryId: 'girls' }),
    ];
    const list = computeMerit(
      cs,
      { rules: DEFAULT_MERIT_RULES, passMarkHundredths: 0 },
      { seats: 4, scholarship: { dalit: 1, girls: 1 } },
    );
    const by = Object.fromEntries(list.map((e) => [e.applicationId, e]));
    // Two open seats: the two best overall, the Dalit candidate among them on merit.
    expect(by['top-dalit']).toMatchObject({ outcome: 'offered', seat: 'open' });
    expect(by.open1).toMatchObject({ outcome: 'offered', seat: 'open' });
    expect(by.open2).toMatchObject({ outcome: 'waitlisted', waitlistPosition: 1 });
    expect(by.dalit2).toMatchObject({ outcome: 'offered', seat: 'dalit' });
    expect(by.girl).toMatchObject({ outcome: 'offered', seat: 'girls' });
  });

  it('gives scholarship seats nobody of the category can take to the open list', () => {
    const cs = [
      candidate({ id: 'a', marksHundredths: 9000 }),
      candidate({ id: 'b', marksHundredths: 8000 }),
      candidate({ id: 'c', marksHundredths: 7000 }),
    ];
    const list = computeMerit(
      cs,
      { rules: DEFAULT_MERIT_RULES, passMarkHundredths: 0 },
      { seats: 2, scholarship: { dalit: 1 } },
    );
    expect(list.map((e) => e.outcome)).toEqual(['offered', 'offered', 'waitlisted']);
  });

  it('never offers more than the seats when scholarship seats are declared above them', () => {
    const cs = [candidate({ id: 'a' }), candidate({ id: 'b', categoryId: 'x' }), candidate({ id: 'c' })];
    const list = computeMerit(
      cs,
      { rules: DEFAULT_MERIT_RULES, passMarkHundredths: 0 },
      { seats: 1, scholarship: { x: 3 } },
    );
    expect(list.filter((e) => e.outcome === 'offered')).toHaveLength(1);
  });
});

describe('the next on the waiting list', () => {
  const waiting = [
    { id: 'w1', categoryId: null },
    { id: 'w2', categoryId: 'dalit' },
  ];
  it('takes the first for an open seat and the category first for its seat', () => {
    expect(nextFromWaitlist(waiting, 'open')).toEqual({ next: waiting[0], seat: 'open' });
    expect(nextFromWaitlist(waiting, 'dalit')).toEqual({ next: waiting[1], seat: 'dalit' });
    expect(nextFromWaitlist(waiting, 'girls')).toEqual({ next: waiting[0], seat: 'open' });
    expect(nextFromWaitlist([], 'open')).toBeNull();
  });
});

describe('tieBrokenBy', () => {
  const rules = DEFAULT_MERIT_RULES;
  it('is null when the first rule decided, and names the rule that broke a tie', () => {
    const a = candidate({ id: 'a', marksHundredths: 8000, gpaHundredths: 300 });
    expect(tieBrokenBy(rules, a, candidate({ id: 'b', marksHundredths: 7000, gpaHundredths: 390 }))).toBeNull();
    expect(tieBrokenBy(rules, a, candidate({ id: 'c', marksHundredths: 8000, gpaHundredths: 250 }))).toBe('gpa');
  });
  it("says 'number' when every rule tied", () => {
    const a = candidate({ id: 'a', marksHundredths: 8000 });
    expect(tieBrokenBy(rules, a, { ...a, applicationId: 'b', number: a.number + 1 })).toBe('number');
  });
});
