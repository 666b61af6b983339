import { describe, expect, it } from 'vitest';
import { meritOutcomeText, scholarshipSeatsText } from './merit-outcome.ts';

const DALIT = 'cat-dalit';
const names = (id: string) => (id === DALIT ? 'Dalit' : id);
const entry = (over: Partial<Parameters<typeof meritOutcomeText>[0]>) => ({
  outcome: 'offered' as const,
  seat: 'open',
  categoryId: null,
  waitlistPosition: null,
  reason: null,
  ...over,
});

describe('the merit list in words', () => {
  it('says a scholarship candidate on an open seat holds it on merit, the scholarship seats kept for the next', () => {
    const topDalit = entry({ categoryId: DALIT });
    expect(meritOutcomeText(topDalit, { [DALIT]: 4 }, names)).toBe(
      'Offered (open seat, on merit; scholarship seats kept for the next)',
    );
    expect(meritOutcomeText(entry({}), { [DALIT]: 4 }, names)).toBe('Offered (open seat)');
    // A category without scholarship seats in this programme: an open seat like anyone's.
    expect(meritOutcomeText(topDalit, {}, names)).toBe('Offered (open seat)');
    expect(meritOutcomeText(entry({ categoryId: DALIT, seat: DALIT }), { [DALIT]: 4 }, names)).toBe(
      'Offered (Dalit scholarship seat)',
    );
  });

  it('counts the scholarship seats with the category candidates on open seats beside them', () => {
    const entries = [entry({ categoryId: DALIT }), entry({}), entry({ outcome: 'waitlisted', seat: null })];
    expect(scholarshipSeatsText('Dalit', 4, entries, DALIT)).toBe(
      'Dalit: 0 of 4 scholarship seats filled; 1 of the category holds an open seat on merit; the 4 not taken by the category go to the open list',
    );
    const filled = [entry({ categoryId: DALIT, seat: DALIT }), entry({ categoryId: DALIT, seat: DALIT })];
    expect(scholarshipSeatsText('Dalit', 2, filled, DALIT)).toBe('Dalit: 2 of 2 scholarship seats filled');
  });

  it('words the waiting list and those not selected', () => {
    expect(meritOutcomeText(entry({ outcome: 'waitlisted', seat: null, waitlistPosition: 2 }), {}, names)).toBe(
      'Waiting list, 2',
    );
    expect(meritOutcomeText(entry({ outcome: 'not-selected', seat: null, reason: 'absent' }), {}, names)).toBe(
      'Not selected (absent)',
    );
    expect(meritOutcomeText(entry({ outcome: 'not-selected', seat: null, reason: 'below-pass-mark' }), {}, names)).toBe(
      'Not selected (below the pass mark)',
    );
  });
});
