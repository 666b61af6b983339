import { describe, expect, it } from 'vitest';
import { preetiToUnicode } from './preeti.ts';

describe('preetiToUnicode', () => {
  it('converts known words', () => {
    expect(preetiToUnicode('g]kfn')).toBe('नेपाल');
    expect(preetiToUnicode('sf7df8f}+')).toBe('काठमाडौं');
    expect(preetiToUnicode('lrtjg')).toBe('चितवन');
  });

  it('moves the short i after its whole consonant cluster', () => {
    expect(preetiToUnicode('lzIff')).toBe('शिक्षा');
    expect(preetiToUnicode('lIf')).toBe('क्षि');
    expect(preetiToUnicode('ljBfno')).toBe('विद्यालय');
  });

  it('moves the reph before its syllable', () => {
    expect(preetiToUnicode('wd{')).toBe('धर्म');
    expect(preetiToUnicode('sfo{qmd')).toBe('कार्यक्रम');
    expect(preetiToUnicode('ljBfyL{')).toBe('विद्यार्थी');
  });

  it('writes the conjuncts Preeti has keys for', () => {
    expect(preetiToUnicode('Iff')).toBe('क्षा');
    expect(preetiToUnicode('q')).toBe('त्र');
    expect(preetiToUnicode('1')).toBe('ज्ञ');
    expect(preetiToUnicode('4')).toBe('द्ध');
    expect(preetiToUnicode('x|')).toBe('ह्र');
    expect(preetiToUnicode('§')).toBe('ट्ट');
    expect(preetiToUnicode('k|m')).toBe('फ्र');
  });

  it('converts vowels, vowel signs, digits and the danda', () => {
    expect(preetiToUnicode('cf]')).toBe('ओ');
    expect(preetiToUnicode('cf}')).toBe('औ');
    expect(preetiToUnicode('O{')).toBe('ई');
    expect(preetiToUnicode('pm')).toBe('ऊ');
    expect(preetiToUnicode('P]')).toBe('ऐ');
    expect(preetiToUnicode('@)*#')).toBe('२०८३');
    expect(preetiToUnicode("x'Fb}5 .")).toBe('हुँदैछ ।');
  });

  it('converts a paragraph of real text, keeping spaces, commas and line breaks', () => {
    const preeti = [
      String.raw`cf]la{6 sn]hdf sIff !! sf] egf{ ;'? ePsf] 5 .`,
      String.raw`;a} ljBfyL{x?n] ;dod} cfj]bg k7fpg'xf];\ .`,
      String.raw`lzIfs, cleefjs / ljBfyL{sf] nflu ljz]if sfo{qmd dª\l;/ ^ ut] x'g]5 .`,
    ].join('\n');
    expect(preetiToUnicode(preeti)).toBe(
      [
        'ओर्बिट कलेजमा कक्षा ११ को भर्ना सुरु भएको छ ।',
        'सबै विद्यार्थीहरुले समयमै आवेदन पठाउनुहोस् ।',
        'शिक्षक, अभिभावक र विद्यार्थीको लागि विशेष कार्यक्रम मङ्सिर ६ गते हुनेछ ।',
      ].join('\n'),
    );
  });

  it('leaves Unicode Devanagari already in the field alone', () => {
    expect(preetiToUnicode('नेपाल')).toBe('नेपाल');
  });
});
