import { describe, expect, it } from 'vitest';
import { admissionStatusLine, seasonStatusLine } from './admission-status-line.ts';

const DATES = { opensOn: '2084-03-01', closesOn: '2084-03-30', lateClosesOn: '' };
const season = (phase: 'upcoming' | 'open' | 'late' | 'closed', dated: 'ADMISSION OPEN' | 'ADMISSION ENQUIRY') => ({
  id: 's1',
  name: '2084/85',
  ...DATES,
  phase,
  dated,
});

describe('the admission status line', () => {
  it('names the published season and its next date in B.S. words', () => {
    expect(
      admissionStatusLine({
        status: 'ADMISSION OPEN',
        source: { by: 'dates', season: season('open', 'ADMISSION OPEN') },
      }),
    ).toBe('ADMISSION OPEN, from the published season 2084/85: closes 30 Ashadh 2084 B.S.');
  });

  it('says when an owner set it by hand, and what the dates would give', () => {
    expect(
      admissionStatusLine({
        status: 'ADMISSION CLOSED',
        source: { by: 'override', season: season('upcoming', 'ADMISSION ENQUIRY') },
      }),
    ).toBe(
      'ADMISSION CLOSED, set by hand on the published season 2084/85 (its dates give ADMISSION ENQUIRY: opens 1 Ashadh 2084 B.S.)',
    );
  });

  it('says when no season is published', () => {
    expect(admissionStatusLine({ status: 'ADMISSION ENQUIRY', source: { by: 'manual', season: null } })).toBe(
      'ADMISSION ENQUIRY, set by hand (no season is published)',
    );
  });

  it("states a draft season's own status by its dates or its override", () => {
    const state = {
      status: 'ADMISSION CLOSED' as const,
      phase: 'closed' as const,
      closingSoonDays: null,
      overridden: false,
    };
    expect(seasonStatusLine(state, DATES)).toBe('ADMISSION CLOSED, from its dates: closed 30 Ashadh 2084 B.S.');
    expect(seasonStatusLine({ ...state, status: 'ADMISSION OPEN', overridden: true }, DATES)).toBe(
      'ADMISSION OPEN, set by hand on this season (its dates give ADMISSION CLOSED: closed 30 Ashadh 2084 B.S.)',
    );
  });
});
