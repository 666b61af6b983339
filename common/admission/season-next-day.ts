import { bsStringToAd } from '../dates/bs-date-string.ts';

/** The dates of a season that the office plans by (B.S. 'YYYY-MM-DD'; '' for one not set). */
export interface SeasonCalendar {
  opensOn: string;
  closesOn: string;
  lateClosesOn: string;
  entranceOn: string;
  resultsOn: string;
  admissionDeadline: string;
}

/** The season's next date (B.S.) and what it changes, in the office's words. */
export interface SeasonDay {
  on: string;
  what: string;
  /** Days from today (0: today). */
  inDays: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (ad: string) => Date.parse(`${ad}T00:00:00Z`) / DAY_MS;

/**
 * The first of the season's dates on or after `today` (the Nepal day, A.D. 'YYYY-MM-DD'), with what happens on
 * it; null once every date has passed. A date with nothing set is skipped.
 */
export function nextSeasonDay(season: SeasonCalendar, today: string): SeasonDay | null {
  const closing = season.lateClosesOn
    ? 'Last day to apply at the usual fee: late applications, with the late fee, follow.'
    : 'Last day to apply: the public status turns to ADMISSION CLOSED the day after.';
  const days: { on: string; what: string }[] = [
    { on: season.opensOn, what: 'Applications open: the public status turns to ADMISSION OPEN.' },
    { on: season.closesOn, what: closing },
    {
      on: season.lateClosesOn,
      what: 'Last day to apply late: the public status turns to ADMISSION CLOSED the day after.',
    },
    { on: season.entranceOn, what: 'Entrance examination: roll numbers and admit cards must be out before.' },
    { on: season.resultsOn, what: 'Results day: the merit list is published and offers go out.' },
    { on: season.admissionDeadline, what: 'Admission deadline: offers not confirmed by the end of the day lapse.' },
  ];
  const upcoming = days
    .filter((d) => d.on)
    .map((d) => ({ ...d, inDays: dayNumber(bsStringToAd(d.on)) - dayNumber(today) }))
    .filter((d) => d.inDays >= 0)
    .sort((a, b) => a.inDays - b.inDays);
  return upcoming[0] ?? null;
}
