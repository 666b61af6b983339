import { describe, expect, it } from 'vitest';
import { nepaliMobile, readReference } from './admission/application.ts';
import { latinDigits } from './digits.ts';
import { telHref } from './site-content/fields.ts';

describe('latinDigits', () => {
  it('writes each Devanagari digit as its Latin digit', () => {
    expect(latinDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(latinDigits('९८४१२३४५६७')).toBe('9841234567');
  });
  it('keeps Latin digits, letters, Devanagari letters and signs as they are', () => {
    expect(latinDigits('ORB-२०८३-००१२')).toBe('ORB-2083-0012');
    expect(latinDigits('+९७७ 98-4१')).toBe('+977 98-41');
    expect(latinDigits('राम ३.२५')).toBe('राम 3.25');
    expect(latinDigits('')).toBe('');
  });
});

describe('numbers asked for elsewhere read Devanagari digits', () => {
  it('reads a reference and a mobile number typed in Devanagari digits', () => {
    expect(readReference('ORB-२०८४-०१२३')).toBe('ORB-2084-0123');
    expect(nepaliMobile('+९७७ ९८४१-२३४५६७')).toBe('9841234567');
    expect(telHref('०५६-५२०००१')).toBe('tel:+97756520001');
  });
});
