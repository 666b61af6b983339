import { NEPAL_OFFSET_MINUTES } from '#common/dates/bs-date.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = NEPAL_OFFSET_MINUTES * 60_000;

/** `HH:MM` on a 24-hour clock, as BACKUP_TIME is written. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/u;

/**
 * The latest instant at or before `now` when the clock in Nepal (UTC+5:45, no daylight saving) read
 * `time` (`HH:MM`): the scheduled backup that should have started by now.
 */
export function lastScheduledAt(now: Date, time: string): Date {
  const match = TIME_OF_DAY.exec(time);
  if (!match) throw new Error(`Not a time of day (HH:MM): ${time}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  const nepalDayStart = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  const today = nepalDayStart + minutes * 60_000;
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/** The next instant after `now` when the clock in Nepal reads `time`. */
export const nextScheduledAt = (now: Date, time: string): Date =>
  new Date(lastScheduledAt(now, time).getTime() + DAY_MS);

/** The day in Nepal of an instant, as its number of days since 1970-01-01 (Nepal's calendar day). */
export const nepalDayNumber = (at: Date): number => Math.floor((at.getTime() + OFFSET_MS) / DAY_MS);
