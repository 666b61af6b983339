import { formatMegabytes } from '../bytes.ts';
import { CONTENT_LIMITS as L } from './limits.ts';

/**
 * The refusals of a logo upload, the same words in the browser and from the server. The logo is drawn on
 * every page and made into the favicon and app icons, so only a PNG or a plain SVG drawing is taken.
 */
export const LOGO_ERRORS = {
  missing: { code: 'logo/missing', message: 'Please select the logo: a PNG or SVG file.' },
  tooLarge: {
    code: 'logo/too-large',
    message: `The logo is larger than ${formatMegabytes(L.logoBytes)}. Please choose a smaller file.`,
  },
  notImage: { code: 'logo/unsupported', message: 'The logo must be a PNG or SVG image; this file is neither.' },
} as const;

/** Why an SVG logo is refused: each thing an SVG may carry that could run, or load from elsewhere. */
export const UNSAFE_SVG = {
  script: 'it contains a script',
  handler: 'it contains an event handler (an on… attribute)',
  foreignObject: 'it contains a foreignObject (HTML inside the drawing)',
  external: 'it refers to a file or address outside itself',
  doctype: 'it declares a DOCTYPE or entities',
} as const;
export type UnsafeSvgReason = keyof typeof UNSAFE_SVG;

export const unsafeSvgMessage = (reason: UnsafeSvgReason): string =>
  `The SVG logo cannot be used: ${UNSAFE_SVG[reason]}. Save it again as a plain drawing (or as a PNG) and upload that.`;

/** The accept attribute of the logo's file control. */
export const LOGO_ACCEPT = 'image/png,image/svg+xml,.png,.svg';

/** The height the pages draw the logo at (the header, the footer, the admin menu), in CSS pixels. */
export const LOGO_MARK_HEIGHT = 36;
/** A PNG logo's copy for that mark is this many pixels high: three times the mark, sharp on a phone's screen. */
export const LOGO_MARK_PIXELS = 3 * LOGO_MARK_HEIGHT;

/**
 * Where the pages fetch the logo they draw at the mark's height: a PNG's small copy (a few KB, where the
 * upload may be 1024 px and most of a megabyte), an SVG as it is.
 */
export const logoMarkUrl = (url: string): string =>
  url.endsWith('.png') ? `${url.slice(0, -'.png'.length)}-h${LOGO_MARK_PIXELS}.png` : url;
