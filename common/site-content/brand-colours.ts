import { z } from 'zod';

/**
 * The college's two brand colours and the WCAG 2 contrast rules they must meet. The main colour is drawn
 * behind white text (buttons, the header's links, the banner) and as text on the page's backgrounds; the
 * accent is drawn behind the site's dark text (the accent buttons). Both sides read these rules: the
 * admin form before it posts, the server before it stores.
 */

/** Today's colours: a site that never chose its own looks as it always did. */
export const DEFAULT_BRAND_COLOURS = { main: '#0b3d91', accent: '#f5a623' } as const;

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The colours the brand colours are drawn against (app/styles/app.css: white, --tint, --ink). */
export const WHITE = '#ffffff';
/** The darkest of the page's backgrounds (--tint), where the main colour is drawn as text. */
export const PAGE_BACKGROUND = '#f3f6fb';
/** The text drawn on the accent colour (--ink). */
export const DARK_TEXT = '#1b2436';

const HEX = /^#[0-9a-f]{6}$/u;

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it, rounded down so a failing colour never reads as passing: 4.49 → '4.4:1'. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/**
 * A colour mixed with black (`amount` < 0) or white (`amount` > 0), channel by channel: the hover and
 * heading shades are derived from the stored colours, never stored themselves. Darkening a colour that
 * passes against white keeps it passing; lightening one that passes against dark text keeps it passing.
 */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return `#${channels(hex)
    .map((c) => hex2(c + (target - c) * weight))
    .join('')}`;
}

/** The custom properties the stylesheets read (app/styles/app.css, admin.css), from the two colours. */
export function brandVariables({ main, accent }: { main: string; accent: string }): Record<string, string> {
  const mainDark = shade(main, -0.3);
  return {
    '--brand': main,
    '--brand-dark': mainDark,
    '--brand-ink': mainDark,
    // The footer's ground: the main colour near black, so its light text passes on any main colour.
    '--brand-deep': shade(main, -0.55),
    '--focus': main,
    '--accent': accent,
    '--accent-light': shade(accent, 0.2),
    '--admin-brand': main,
    '--admin-brand-dark': mainDark,
  };
}

type Check = { against: string; what: string };

/** Each colour's pairs, in the order their refusals are given. */
/** The two colours a college chooses. */
export type ColourName = 'main' | 'accent';

const CHECKS: Record<ColourName, { noun: string; pairs: Check[] }> = {
  main: {
    noun: 'main colour',
    pairs: [
      { against: WHITE, what: 'white text' },
      { against: PAGE_BACKGROUND, what: `the page background ${PAGE_BACKGROUND}` },
    ],
  },
  accent: { noun: 'accent colour', pairs: [{ against: DARK_TEXT, what: `the dark text on it (${DARK_TEXT})` }] },
};

/** Why a colour may not be used, naming the ratio it has and the one it needs; null when it passes. */
export function contrastRefusal(which: ColourName, hex: string): string | null {
  const { noun, pairs } = CHECKS[which];
  for (const { against, what } of pairs) {
    const ratio = contrastRatio(hex, against);
    if (ratio < MIN_TEXT_CONTRAST) {
      return `The ${noun} ${hex} has a contrast of ${formatRatio(ratio)} with ${what}; it needs at least ${MIN_TEXT_CONTRAST}:1.`;
    }
  }
  return null;
}

const colour = (which: ColourName) =>
  z
    .string({ error: `Enter the ${CHECKS[which].noun}.` })
    .trim()
    .toLowerCase()
    .refine((v) => HEX.test(v), {
      message: `Enter the ${CHECKS[which].noun} as # and six hexadecimal digits, such as ${DEFAULT_BRAND_COLOURS[which]}.`,
      abort: true,
    })
    .superRefine((v, ctx) => {
      const refusal = contrastRefusal(which, v);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    });

export const BrandColoursSchema = z.object({ main: colour('main'), accent: colour('accent') });
export type BrandColours = z.output<typeof BrandColoursSchema>;
