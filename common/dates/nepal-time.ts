import { NEPAL_OFFSET_MINUTES, nepalDateString } from './bs-date.ts';

/**
 * The office types dates and times as they are in Nepal (UTC+5:45, no summer time); the database keeps
 * ISO 8601 UTC instants. These convert between the two.
 */

const OFFSET = `+${String(Math.floor(NEPAL_OFFSET_MINUTES / 60)).padStart(2, '0')}:${String(NEPAL_OFFSET_MINUTES % 60).padStart(2, '0')}`;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/u;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** Whether 'YYYY-MM-DD' names a real calendar day (not 2026-02-30). */
export function isCalendarDate(ymd: string): boolean {
  const m = LOCAL_DATE.exec(ymd);
  if (!m) return false;
  const date = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd;
}

/** 'YYYY-MM-DDTHH:mm' in Nepal time (a datetime-local input) as an ISO UTC instant; null when not a real one. */
export function nepalLocalToIso(local: string): string | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m || !isCalendarDate(local.slice(0, 10)) || Number(m[4]) > 23 || Number(m[5]) > 59) return null;
  return new Date(`${local}:00${OFFSET}`).toISOString();
}

/** An ISO instant as 'YYYY-MM-DDTHH:mm' in Nepal time, the value of a datetime-local input. */
export function isoToNepalLocal(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + NEPAL_OFFSET_MINUTES * 60_000);
  return Number.isNaN(shifted.getTime()) ? '' : shifted.toISOString().slice(0, 16);
}

/** The first instant after the Nepal day 'YYYY-MM-DD' ends (its next midnight in Nepal), as ISO UTC. */
export function endOfNepalDay(ymd: string): string {
  const next = new Date(`${ymd}T00:00:00${OFFSET}`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** Today's date in Nepal, 'YYYY-MM-DD'. */
export const nepalToday = (now: Date): string => nepalDateString(now);
