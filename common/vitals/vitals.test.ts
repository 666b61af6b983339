import { describe, expect, it } from 'vitest';
import { VitalsBeaconSchema } from './vitals-schema.ts';
import { routePattern } from './vitals-sampling.ts';
import { percentile, rateVital } from './vitals.ts';

describe('percentile', () => {
  it('is null without values', () => {
    expect(percentile([])).toBeNull();
  });

  it('takes the nearest rank: the 75th percentile of 1..4 is 3, of 1..5 is 4', () => {
    expect(percentile([4, 1, 3, 2])).toBe(3);
    expect(percentile([5, 4, 3, 2, 1])).toBe(4);
  });

  it('is the value itself for one sample, and does not reorder its input', () => {
    const values = [3, 1, 2];
    expect(percentile([7])).toBe(7);
    expect(percentile(values, 1)).toBe(3);
    expect(percentile(values, 0)).toBe(1);
    expect(values).toEqual([3, 1, 2]);
  });

  it('matches a 75th percentile of 100 values: the 75th smallest', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values)).toBe(75);
  });
});

describe('rateVital', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 201, 'needs-improvement'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.26, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 801, 'needs-improvement'],
  ] as const)('rates %s %d as %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe('routePattern', () => {
  it.each<[string, Record<string, string>, string]>([
    ['/', {}, '/'],
    ['/notices', {}, '/notices'],
    ['/notices/', {}, '/notices'],
    ['/no/such/page', { '*': 'no/such/page' }, '/*'],
    ['/admin/nothing', { '*': 'nothing' }, '/admin/*'],
    ['/notices/42', { id: '42' }, '/notices/:id'],
    ['/caf%C3%A9', { '*': 'café' }, '/*'],
  ])('turns %s into %s', (pathname, params, expected) => {
    expect(routePattern(pathname, params)).toBe(expected);
    expect(VitalsBeaconSchema.shape.route.safeParse(expected).success).toBe(true);
  });
});
