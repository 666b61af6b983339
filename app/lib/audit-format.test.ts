import { describe, expect, it } from 'vitest';
import { auditPageHref, formatAuditTime } from './audit-format.ts';

describe('audit log formatting', () => {
  it('shows the day in B.S. and A.D. and the time in Nepal (UTC+5:45)', () => {
    // 18:30 UTC on 22 Nov 2026 is 00:15 on 23 Nov in Nepal.
    expect(formatAuditTime('2026-11-22T18:30:00.000Z')).toBe('7 Mangsir 2083 B.S. (23 Nov 2026), 00:15');
    expect(formatAuditTime('not a date')).toBe('');
  });

  it('keeps the filters in the address of another page', () => {
    expect(auditPageHref(1, {})).toBe('/admin/audit');
    expect(auditPageHref(3, { person: 'Sita Sharma', kind: 'notice-created' })).toBe(
      '/admin/audit?person=Sita+Sharma&kind=notice-created&page=3',
    );
  });
});
