import { describe, expect, it } from 'vitest';
import { nextSeasonChange, seasonState } from './admission-phase.ts';
import { legalMinimumFreeSeats } from './admission-season.ts';

// 1 Ashadh 2084 B.S. is 15 Jun 2027; 31 Ashadh 2084 is 15 Jul 2027 (Ashadh 2084 has 32 days: to 16 Jul).
const season = { opensOn: '2084-03-01', closesOn: '2084-03-31', lateClosesOn: '', statusOverride: '' };

describe('the season state by the Nepal day', () => {
  it('is an enquiry before the opening day, open from it, closing soon in the last three days, closed after', () => {
    expect(seasonState(season, '2027-06-14')).toMatchObject({ status: 'ADMISSION ENQUIRY', phase: 'upcoming' });
    expect(seasonState(season, '2027-06-15')).toMatchObject({ status: 'ADMISSION OPEN', closingSoonDays: null });
    expect(seasonState(season, '2027-07-12').closingSoonDays).toBeNull();
    expect(seasonState(season, '2027-07-13').closingSoonDays).toBe(3);
    expect(seasonState(season, '2027-07-15')).toMatchObject({ status: 'ADMISSION OPEN', closingSoonDays: 1 });
    expect(seasonState(season, '2027-07-16')).toMatchObject({ status: 'ADMISSION CLOSED', phase: 'closed' });
  });

  it('stays open, late, until the late closing day ends', () => {
    const late = { ...season, lateClosesOn: '2084-04-05' };
    expect(seasonState(late, '2027-07-16')).toMatchObject({
      status: 'ADMISSION OPEN',
      phase: 'late',
      closingSoonDays: null,
    });
    expect(seasonState(late, '2027-07-21')).toMatchObject({ phase: 'late' });
    expect(seasonState(late, '2027-07-22')).toMatchObject({ status: 'ADMISSION CLOSED' });
  });

  it("follows an owner's override instead of the dates", () => {
    const state = seasonState({ ...season, statusOverride: 'ADMISSION CLOSED' }, '2027-07-14');
    expect(state).toMatchObject({ status: 'ADMISSION CLOSED', phase: 'open', overridden: true, closingSoonDays: null });
  });

  it('changes next at midnight in Nepal on each boundary day', () => {
    expect(nextSeasonChange(season, new Date('2027-01-01T00:00:00Z'))).toBe('2027-06-14T18:15:00.000Z');
    expect(nextSeasonChange(season, new Date('2027-06-20T00:00:00Z'))).toBe('2027-07-12T18:15:00.000Z');
    expect(nextSeasonChange(season, new Date('2027-07-13T00:00:00Z'))).toBe('2027-07-13T18:15:00.000Z');
    expect(nextSeasonChange(season, new Date('2027-07-15T00:00:00Z'))).toBe('2027-07-15T18:15:00.000Z');
    expect(nextSeasonChange(season, new Date('2027-07-16T00:00:00Z'))).toBeNull();
  });
});

describe('the legal minimum of free seats', () => {
  it.each([
    [0, 0],
    [500, 50],
    [501, 61],
    [800, 96],
    [801, 121],
  ])('for %i students is %i', (enrolment, seats) => {
    expect(legalMinimumFreeSeats(enrolment)).toBe(seats);
  });
});
