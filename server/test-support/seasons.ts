import type { SeasonInput } from '#common/admission/admission-season.ts';

/** The tests' season: 2084/85, applications open from 2084-03-01 to 2084-03-31 (B.S.), nothing else set. */
const PLAIN_SEASON: SeasonInput = {
  name: '2084/85',
  opensOn: '2084-03-01',
  closesOn: '2084-03-31',
  lateClosesOn: '',
  lateFee: 0,
  entranceOn: '',
  resultsOn: '',
  admissionDeadline: '',
  expectedEnrolment: 0,
  documentsEn: '',
  documentsNe: '',
};

/** Every date of the calendar set: a late window with its fee, the entrance, the results and the admission deadline. */
export const FULL_CALENDAR = {
  lateClosesOn: '2084-04-05',
  lateFee: 500,
  entranceOn: '2084-04-10',
  resultsOn: '2084-04-15',
  admissionDeadline: '2084-04-30',
} as const satisfies Partial<SeasonInput>;

/** Test-data builders: `a.season()` is the season form as the admin's API takes it, changed by what a test names. */
export const a = {
  season: (overrides: Partial<SeasonInput> = {}): SeasonInput => ({ ...PLAIN_SEASON, ...overrides }),
};
