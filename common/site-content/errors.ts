import { apiError } from '#common/api-error.ts';
import { CONTENT_LIMITS as L } from './limits.ts';

/**
 * Refusals of the content API beyond a stale copy (`content/stale`). Codes and fixed words live in the
 * shared vocabulary (common/api-error.ts); a message that names a limit is worded here, beside the limit.
 */
export const CONTENT_ERRORS = {
  /** An update names a slide, course, testimonial or reason that the section does not hold. */
  unknownItem: apiError('content/unknown-item'),
  /** A course set to show its picture before one was uploaded for it. */
  noPicture: apiError('content/no-picture'),
  /** A slide added to a banner that already has the most it may hold. */
  bannerFull: {
    code: 'content/banner-full',
    message: `The banner holds at most ${L.bannerSlidesMax} slides. Delete one first.`,
  },
} as const;
