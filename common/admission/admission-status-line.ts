import type { PublicAdmission } from './admission.ts';
import { type SeasonPhase, type SeasonState, statusOfPhase } from './admission-phase.ts';
import { formatBs } from '../dates/bs-date.ts';
import { parseBsDateString } from '../dates/bs-date-string.ts';

/** A stored B.S. date in words: '31 Ashadh 2084 B.S.'. */
function bsWords(bs: string): string {
  const date = parseBsDateString(bs);
  return date ? formatBs(date) : bs;
}

interface SeasonDatesAt {
  phase: SeasonPhase;
  opensOn: string;
  closesOn: string;
  lateClosesOn: string;
}

/** What a season's dates say on the day of `phase`: 'opens 1 Ashadh 2084 B.S.', 'closes 31 Ashadh 2084 B.S.'… */
export function seasonDatesPhrase({ phase, opensOn, closesOn, lateClosesOn }: SeasonDatesAt): string {
  if (phase === 'upcoming') return `opens ${bsWords(opensOn)}`;
  if (phase === 'open') return `closes ${bsWords(closesOn)}`;
  if (phase === 'late') return `closed ${bsWords(closesOn)}, late applications until ${bsWords(lateClosesOn)}`;
  return `closed ${bsWords(lateClosesOn || closesOn)}`;
}

/**
 * Where the admission status comes from, in the admin's words after the status itself:
 * 'from the published season 2084/85: closes 31 Ashadh 2084 B.S.', 'set by hand on the published season
 * 2084/85 (its dates give ADMISSION ENQUIRY: opens 1 Ashadh 2084 B.S.)', 'set by hand (no season is published)'.
 */
export function admissionSourceText({ source }: Pick<PublicAdmission, 'source'>): string {
  const { season } = source;
  if (source.by === 'manual' || !season) return 'set by hand (no season is published)';
  const dates = seasonDatesPhrase(season);
  if (source.by === 'dates') return `from the published season ${season.name}: ${dates}`;
  return `set by hand on the published season ${season.name} (its dates give ${season.dated}: ${dates})`;
}

/** The one status line: 'ADMISSION OPEN, from the published season 2084/85: closes 31 Ashadh 2084 B.S.'. */
export const admissionStatusLine = (admission: Pick<PublicAdmission, 'status' | 'source'>): string =>
  `${admission.status}, ${admissionSourceText(admission)}`;

/**
 * A season's own status and its reason, as it would reach the public once published: 'ADMISSION OPEN, from
 * its dates: closes 31 Ashadh 2084 B.S.' or 'ADMISSION CLOSED, set by hand (its dates give …)'.
 */
export function seasonStatusLine(state: SeasonState, season: Omit<SeasonDatesAt, 'phase'>): string {
  const dates = seasonDatesPhrase({ ...season, phase: state.phase });
  return state.overridden
    ? `${state.status}, set by hand on this season (its dates give ${statusOfPhase(state.phase)}: ${dates})`
    : `${state.status}, from its dates: ${dates}`;
}

/** A line ended as a sentence, without doubling the stop of 'B.S.'. */
export const fullStop = (text: string): string => (text.endsWith('.') ? text : `${text}.`);
