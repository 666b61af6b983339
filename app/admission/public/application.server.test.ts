import { describe, expect, it } from 'vitest';
import { readBirthDate } from './application.server.ts';

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('readBirthDate', () => {
  it('reads the three B.S. choices as the date they name, Devanagari digits as Latin ones', () => {
    expect(readBirthDate(posted({ birth_year: '२०६५', birth_month: '4', birth_day: '१५' }))).toEqual({
      values: { birth_year: '2065', birth_month: '4', birth_day: '15' },
      date: '2065-04-15',
    });
  });

  it('gives no date for a day the month does not have, or a part left unchosen, and keeps what was posted', () => {
    expect(readBirthDate(posted({ birth_year: '2065', birth_month: '4', birth_day: '33' })).date).toBeNull();
    expect(readBirthDate(posted({ birth_year: '2065', birth_month: '', birth_day: '15' }))).toEqual({
      values: { birth_year: '2065', birth_month: '', birth_day: '15' },
      date: null,
    });
  });
});
