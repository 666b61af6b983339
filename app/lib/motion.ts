import type { CSSProperties } from 'react';
import { MOTION } from '#common/limits.ts';

/**
 * The presentation presets of the specification (0.5 s and 1.5 s fades, tap scale 0.9, 30 px slide), in one
 * place. The numbers come from common/limits.ts and reach the stylesheet (app/styles/motion.css) as CSS
 * custom properties on <html>; components use the class names below. Under prefers-reduced-motion the
 * stylesheet turns every preset off, and the banner script (app/lib/enhance/banner.ts) stands still too.
 */
export const motionVariables = {
  '--motion-fade-fast': `${MOTION.fadeFastS}s`,
  '--motion-fade-slow': `${MOTION.fadeSlowS}s`,
  '--motion-tap-scale': String(MOTION.tapScale),
  '--motion-slide': `${MOTION.slidePx}px`,
} as CSSProperties;

export const motion = {
  /** Fades in over 0.5 s when it appears. */
  fadeIn: 'motion-fade-in',
  /** Fades in over 1.5 s when it appears. */
  fadeInSlow: 'motion-fade-in-slow',
  /** Fades in while rising 30 px. */
  slideUp: 'motion-slide-up',
  /** Shrinks to 0.9 while pressed. */
  tap: 'motion-tap',
  /** Cross-fade between stacked slides (1.5 s); the visible one also carries `crossFadeActive`. */
  crossFade: 'motion-cross-fade',
  crossFadeActive: 'is-active',
} as const;
