import { describe, expect, it } from 'vitest';
import {
  BrandColoursSchema,
  DEFAULT_BRAND_COLOURS,
  brandVariables,
  contrastRatio,
  contrastRefusal,
  formatRatio,
  shade,
} from './brand-colours.ts';

describe('contrastRatio', () => {
  it('gives the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#0b3d91', '#ffffff')).toBeCloseTo(10.045, 3);
    expect(contrastRatio('#f5d442', '#ffffff')).toBeCloseTo(1.4605, 4);
    // The grey that just passes and the one that just fails against white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.5422, 4);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.4781, 4);
  });

  it('does not depend on the order of the two colours', () => {
    expect(contrastRatio('#ffffff', '#0b3d91')).toBe(contrastRatio('#0b3d91', '#ffffff'));
  });
});

describe('formatRatio', () => {
  it('rounds down, so a failing ratio never reads as the one it needs', () => {
    expect(formatRatio(4.4781)).toBe('4.4:1');
    expect(formatRatio(1.4605)).toBe('1.4:1');
    expect(formatRatio(21)).toBe('21.0:1');
  });
});

describe('the brand colours rule', () => {
  it("passes today's colours", () => {
    expect(BrandColoursSchema.parse(DEFAULT_BRAND_COLOURS)).toEqual(DEFAULT_BRAND_COLOURS);
  });

  it('passes #0b3d91 as the main colour and refuses #f5d442 with its ratio against white text', () => {
    expect(contrastRefusal('main', '#0b3d91')).toBeNull();
    expect(contrastRefusal('main', '#f5d442')).toBe(
      'The main colour #f5d442 has a contrast of 1.4:1 with white text; it needs at least 4.5:1.',
    );
  });

  it('refuses a main colour that passes on white but not on the tinted page background', () => {
    expect(contrastRefusal('main', '#767676')).toBe(
      'The main colour #767676 has a contrast of 4.1:1 with the page background #f3f6fb; it needs at least 4.5:1.',
    );
    expect(contrastRefusal('main', '#707070')).toBeNull();
  });

  it('checks the accent against the dark text drawn on it', () => {
    expect(contrastRefusal('accent', '#f5a623')).toBeNull();
    expect(contrastRefusal('accent', '#3d4a60')).toBe(
      'The accent colour #3d4a60 has a contrast of 1.7:1 with the dark text on it (#1b2436); it needs at least 4.5:1.',
    );
  });

  it('reads a code in capitals or with spaces around it, and refuses one that is not #rrggbb', () => {
    expect(BrandColoursSchema.parse({ main: ' #0B3D91 ', accent: '#F5A623' })).toEqual(DEFAULT_BRAND_COLOURS);
    const refused = BrandColoursSchema.safeParse({ main: 'blue', accent: '#fa2' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['main', 'Enter the main colour as # and six hexadecimal digits, such as #0b3d91.'],
      ['accent', 'Enter the accent colour as # and six hexadecimal digits, such as #f5a623.'],
    ]);
  });
});

describe('the derived shades', () => {
  it('darkens toward black and lightens toward white', () => {
    expect(shade('#0b3d91', -0.3)).toBe('#082b66');
    expect(shade('#f5a623', 0.2)).toBe('#f7b84f');
    expect(shade('#000000', 1)).toBe('#ffffff');
  });

  it('keeps white text readable on the darker shade of any main colour that passes', () => {
    for (const main of ['#0b3d91', '#707070', '#8b0000', '#00695c']) {
      expect(contrastRefusal('main', main)).toBeNull();
      expect(contrastRatio(brandVariables({ main, accent: '#f5a623' })['--brand-dark']!, '#ffffff')).toBeGreaterThan(
        contrastRatio(main, '#ffffff'),
      );
      // The footer's light text (#d7deeb) on its ground.
      expect(contrastRatio(brandVariables({ main, accent: '#f5a623' })['--brand-deep']!, '#d7deeb')).toBeGreaterThan(7);
    }
  });
});
