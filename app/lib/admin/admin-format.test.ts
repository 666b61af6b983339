import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './admin-format.ts';

describe('dates in the admin', () => {
  it('are B.S. first, the A.D. day beside, in Nepal time (with the time where it matters)', () => {
    // 18:30 UTC on 21 Nov 2026 is 00:15 on 22 Nov in Nepal: 6 Mangsir 2083 B.S.
    expect(formatDateTime('2026-11-21T18:30:00.000Z')).toBe('6 Mangsir 2083 B.S. (22 Nov 2026), 00:15');
    expect(formatDate('2026-11-21T18:30:00.000Z')).toBe('6 Mangsir 2083 B.S. (22 Nov 2026)');
    // A pinned-until day, stored as the A.D. day.
    expect(formatDate('2026-11-30')).toBe('14 Mangsir 2083 B.S. (30 Nov 2026)');
  });

  it('fall back to the A.D. date outside the calendar the site knows, and to the text itself for no date', () => {
    expect(formatDate('2050-01-01T00:00:00.000Z')).toBe('1 Jan 2050');
    expect(formatDateTime('2050-01-01T00:00:00.000Z')).toBe('1 Jan 2050, 05:45');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
