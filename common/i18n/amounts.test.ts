import { describe, expect, it } from 'vitest';
import { formatCount, formatRupees } from './amounts.ts';

describe('amounts', () => {
  it('groups rupees as the office writes them, in the page language', () => {
    expect(formatRupees('en', 125_000)).toBe('Rs 1,25,000');
    expect(formatRupees('ne', 125_000)).toBe('रु. १,२५,०००');
    expect(formatRupees('en', 0)).toBe('Rs 0');
    expect(formatCount('ne', 1200)).toBe('१,२००');
  });
});
