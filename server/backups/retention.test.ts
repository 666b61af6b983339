import { describe, expect, it } from 'vitest';
import { DEFAULT_KEEP, type Dated, parseKeepRule, retained } from './retention.ts';

const DAY = 86_400_000;

describe('the retention rule', () => {
  it('keeps exactly 7 daily, 4 weekly and 12 monthly backups over a simulated year of daily backups', () => {
    // A backup every day at 02:30 Nepal (20:45 UTC the day before), pruned after each, as the server does.
    let kept: Dated[] = [];
    const first = Date.parse('2025-11-25T20:45:00Z');
    for (let day = 0; day < 366; day++) {
      const at = new Date(first + day * DAY);
      kept.push({ name: `b-${at.toISOString()}`, createdAt: at });
      const keep = retained(kept, DEFAULT_KEEP);
      kept = kept.filter((b) => keep.has(b.name));
    }
    const reasons = retained(kept, DEFAULT_KEEP);
    const count = (reason: string) => [...reasons.values()].filter((r) => r.includes(reason as never)).length;
    expect(count('daily')).toBe(7);
    expect(count('weekly')).toBe(4);
    expect(count('monthly')).toBe(12);
    expect(reasons.size).toBe(kept.length);

    // The daily ones are the last 7 days; the monthly ones the last backup of each of 12 months in a row.
    const newestFirst = [...kept].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const last = first + 365 * DAY;
    expect(newestFirst.slice(0, 7).map((b) => b.createdAt.getTime())).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((d) => last - d * DAY),
    );
    const months = newestFirst
      .filter((b) => reasons.get(b.name)!.includes('monthly'))
      .map((b) => new Date(b.createdAt.getTime() + 345 * 60_000).toISOString().slice(0, 7));
    expect(months).toEqual([
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
    ]);
    // The day a month's backup was made is that month's last day in Nepal (the newest of the month).
    expect(
      newestFirst
        .filter((b) => reasons.get(b.name)!.includes('monthly'))
        .slice(1)
        .every((b) => new Date(b.createdAt.getTime() + 345 * 60_000 + DAY).getUTCDate() === 1),
    ).toBe(true);
  });

  it('keeps the newest of a day when several were made that day', () => {
    const at = (iso: string) => ({ name: iso, createdAt: new Date(iso) });
    const kept = retained([at('2026-11-25T20:45:00Z'), at('2026-11-26T05:00:00Z')], {
      daily: 1,
      weekly: 0,
      monthly: 0,
    });
    expect([...kept.keys()]).toEqual(['2026-11-26T05:00:00Z']);
  });

  it('reads BACKUP_KEEP as daily,weekly,monthly and refuses anything else', () => {
    expect(parseKeepRule('7,4,12')).toEqual({ daily: 7, weekly: 4, monthly: 12 });
    expect(parseKeepRule(' 3 , 0 , 0 ')).toEqual({ daily: 3, weekly: 0, monthly: 0 });
    expect(parseKeepRule('0,4,12')).toBeUndefined();
    expect(parseKeepRule('7,4')).toBeUndefined();
    expect(parseKeepRule('seven')).toBeUndefined();
  });
});
