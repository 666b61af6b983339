import { nepalDayNumber } from './schedule.ts';

/** How many backups to keep: the newest of each of the last `daily` days, `weekly` weeks and `monthly` months. */
export interface KeepRule {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_KEEP: KeepRule = { daily: 7, weekly: 4, monthly: 12 };

export interface Dated {
  name: string;
  createdAt: Date;
}

export type KeepReason = 'daily' | 'weekly' | 'monthly';

/** 1970-01-01 was a Thursday; weeks in Nepal start on Sunday (Saturday is the day off). */
const weekOf = (day: number): number => Math.floor((day + 4) / 7);
const monthOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 7);

/**
 * Which backups a rule keeps, each with the reasons it is kept, in Nepal's calendar: for each of the
 * three periods, the newest backup of each of the last N periods that have one. A backup may be kept for
 * more than one reason (the newest is the day's, the week's and the month's). Every other backup goes.
 */
export function retained(backups: readonly Dated[], keep: KeepRule): Map<string, KeepReason[]> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Map<string, KeepReason[]>();
  const pick = (reason: KeepReason, count: number, period: (day: number) => string | number) => {
    const seen = new Set<string | number>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const key = period(nepalDayNumber(backup.createdAt));
      if (seen.has(key)) continue;
      seen.add(key);
      kept.set(backup.name, [...(kept.get(backup.name) ?? []), reason]);
    }
  };
  pick('daily', keep.daily, (day) => day);
  pick('weekly', keep.weekly, weekOf);
  pick('monthly', keep.monthly, monthOf);
  return kept;
}

/** `7,4,12` (daily, weekly, monthly), as BACKUP_KEEP is written. */
export function parseKeepRule(text: string): KeepRule | undefined {
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/u.exec(text);
  if (!match) return undefined;
  const [daily, weekly, monthly] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (daily < 1) return undefined;
  return { daily, weekly, monthly };
}
