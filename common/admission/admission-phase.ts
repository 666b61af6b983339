import { CLOSING_SOON_DAYS } from './admission-season.ts';
import { bsStringToAd } from '../dates/bs-date-string.ts';
import { endOfNepalDay } from '../dates/nepal-time.ts';

/** What the public sees of admission: the manual switch's two values, and closed once a season has ended. */
export const PUBLIC_ADMISSION_STATUSES = ['ADMISSION ENQUIRY', 'ADMISSION OPEN', 'ADMISSION CLOSED'] as const;
export type PublicAdmissionStatus = (typeof PUBLIC_ADMISSION_STATUSES)[number];

/** Where a season stands: before opening, open, open late (with the late fee), closed. */
export type SeasonPhase = 'upcoming' | 'open' | 'late' | 'closed';

export interface SeasonDates {
  opensOn: string;
  closesOn: string;
  lateClosesOn: string;
  /** '' to follow the dates, or the status an owner has set instead. */
  statusOverride: string;
}

export interface SeasonState {
  status: PublicAdmissionStatus;
  phase: SeasonPhase;
  /** In the last days before applications close: how many days are left, today counted (3, 2, 1). */
  closingSoonDays: number | null;
  /** An owner's status stands instead of the dates. */
  overridden: boolean;
}

/** The status a season's dates give in each phase (an owner's override stands instead of it). */
export const statusOfPhase = (phase: SeasonPhase): PublicAdmissionStatus =>
  phase === 'upcoming' ? 'ADMISSION ENQUIRY' : phase === 'closed' ? 'ADMISSION CLOSED' : 'ADMISSION OPEN';

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY_MS;
const addDays = (ymd: string, days: number) => new Date((dayNumber(ymd) + days) * DAY_MS).toISOString().slice(0, 10);

/**
 * The season's state on the Nepal day `today` ('YYYY-MM-DD' A.D.): open from the opening day's start to the
 * closing day's end (then late until the late closing day's end, when there is one), 'closing soon' in the
 * last CLOSING_SOON_DAYS days, closed after. An owner's override stands instead of the dates.
 */
export function seasonState(season: SeasonDates, today: string): SeasonState {
  const opens = bsStringToAd(season.opensOn);
  const closes = bsStringToAd(season.closesOn);
  const lateCloses = season.lateClosesOn ? bsStringToAd(season.lateClosesOn) : '';
  let phase: SeasonPhase;
  if (today < opens) phase = 'upcoming';
  else if (today <= closes) phase = 'open';
  else if (lateCloses && today <= lateCloses) phase = 'late';
  else phase = 'closed';
  const left = phase === 'open' ? dayNumber(closes) - dayNumber(today) + 1 : 0;
  const dated = statusOfPhase(phase);
  const override = PUBLIC_ADMISSION_STATUSES.find((s) => s === season.statusOverride);
  return {
    status: override ?? dated,
    phase,
    closingSoonDays: !override && phase === 'open' && left <= CLOSING_SOON_DAYS ? left : null,
    overridden: Boolean(override),
  };
}

/**
 * The next instant (ISO) after `now` at which the season's state changes by itself: the opening day's
 * start, each day of the 'closing soon' window, the closing day's end, the late closing day's end; null
 * when none is left. Every change falls at midnight in Nepal.
 */
export function nextSeasonChange(season: SeasonDates, now: Date): string | null {
  const opens = bsStringToAd(season.opensOn);
  const closes = bsStringToAd(season.closesOn);
  // endOfNepalDay(d) is the start of the day after d.
  const starts = [
    addDays(opens, -1),
    ...Array.from({ length: CLOSING_SOON_DAYS }, (_, i) => addDays(closes, -i - 1)),
    closes,
  ];
  if (season.lateClosesOn) starts.push(bsStringToAd(season.lateClosesOn));
  const at = now.toISOString();
  return (
    starts
      .map(endOfNepalDay)
      .filter((t) => t > at)
      .sort()[0] ?? null
  );
}
