import { describe, expect, it } from 'vitest';
import { bsStringToAd } from '../dates/bs-date-string.ts';
import { nextSeasonDay } from './season-next-day.ts';

const season = {
  opensOn: '2083-03-01',
  closesOn: '2083-03-20',
  lateClosesOn: '2083-03-25',
  entranceOn: '2083-04-02',
  resultsOn: '2083-04-10',
  admissionDeadline: '2083-04-20',
};
const adOf = (bs: string, plusDays = 0) =>
  new Date(Date.parse(`${bsStringToAd(bs)}T00:00:00Z`) + plusDays * 86_400_000).toISOString().slice(0, 10);

describe('nextSeasonDay', () => {
  it('names the opening before the season opens, with the days left', () => {
    expect(nextSeasonDay(season, adOf('2083-03-01', -3))).toEqual({
      on: '2083-03-01',
      what: 'Applications open: the public status turns to ADMISSION OPEN.',
      inDays: 3,
    });
  });

  it('counts a date that is today as next, and moves on the day after', () => {
    expect(nextSeasonDay(season, adOf('2083-03-20'))).toMatchObject({ on: '2083-03-20', inDays: 0 });
    expect(nextSeasonDay(season, adOf('2083-03-20', 1))).toMatchObject({
      on: '2083-03-25',
      what: expect.stringMatching(/^Last day to apply late/u),
    });
  });

  it('says the closing is followed by late applications only when the season has a late closing day', () => {
    expect(nextSeasonDay(season, adOf('2083-03-10'))!.what).toMatch(/late applications, with the late fee, follow/u);
    expect(nextSeasonDay({ ...season, lateClosesOn: '' }, adOf('2083-03-10'))!.what).toMatch(/ADMISSION CLOSED/u);
  });

  it('skips dates not set, and has nothing once every date has passed', () => {
    expect(nextSeasonDay({ ...season, entranceOn: '', resultsOn: '' }, adOf('2083-03-26'))).toMatchObject({
      on: '2083-04-20',
    });
    expect(nextSeasonDay(season, adOf('2083-04-21'))).toBeNull();
  });
});
