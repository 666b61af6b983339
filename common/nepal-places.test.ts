import { describe, expect, it } from 'vitest';
import { DISTRICTS, PROVINCES, districtInProvince, districtNamed } from './nepal-places.ts';

describe('Nepal places', () => {
  it('has the 7 provinces, numbered 1 to 7, and the 77 districts', () => {
    expect(PROVINCES.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(DISTRICTS).toHaveLength(77);
  });

  it('puts 14, 8, 13, 11, 12, 10 and 9 districts in the provinces', () => {
    const counts = PROVINCES.map((p) => DISTRICTS.filter((d) => d.province === p.number).length);
    expect(counts).toEqual([14, 8, 13, 11, 12, 10, 9]);
  });

  it('names every district once, in English and in Devanagari', () => {
    expect(new Set(DISTRICTS.map((d) => d.en)).size).toBe(77);
    expect(new Set(DISTRICTS.map((d) => d.ne)).size).toBe(77);
    for (const d of DISTRICTS) expect(d.ne).toMatch(/^[\u0900-\u097F ()]+$/u);
  });

  it('knows which province a district is in', () => {
    expect(districtNamed('Chitwan')?.province).toBe(3);
    expect(districtInProvince('Chitwan', 3)).toBe(true);
    expect(districtInProvince('Chitwan', 4)).toBe(false);
    expect(districtInProvince('Atlantis', 3)).toBe(false);
  });
});
