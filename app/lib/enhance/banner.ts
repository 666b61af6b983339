import { TIMINGS } from '#common/limits.ts';
import { whenLoadedAndIdle } from './after-load.ts';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The shown slide (motion.crossFadeActive in app/lib/motion.ts). */
const ACTIVE = 'is-active';
/** A slide that is laid out (still transparent), so its lazy image loads and it can fade in on its turn. */
const READY = 'is-ready';

/**
 * Rotates the home banner (app/components/banner-carousel.tsx) every TIMINGS.bannerIntervalMs: the server
 * shows the first slide only and lays out no other, so no other picture loads with the page. After the
 * page has loaded, the next slide is laid out (and its picture loaded) a turn ahead of its turn. The rotation stands still under
 * prefers-reduced-motion, while the tab is hidden, and when the visitor pauses it (WCAG 2.2.2); the pause
 * button is shown only while the rotation can run.
 */
export function enhanceBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-banner]');
  const slides = banner ? [...banner.querySelectorAll<HTMLElement>('[data-banner-slide]')] : [];
  const toggle = banner?.querySelector<HTMLButtonElement>('button[data-banner-toggle]');
  if (slides.length < 2 || !toggle) return;

  const reducedMotion = window.matchMedia(REDUCED_MOTION_QUERY);
  let active = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains(ACTIVE)),
  );
  let paused = false;

  const prepare = (index: number) => slides[index % slides.length]?.classList.add(READY);
  const show = (next: number) => {
    // Still laid out while it fades out under the next one.
    slides[active]?.classList.replace(ACTIVE, READY);
    slides[active]?.setAttribute('aria-hidden', 'true');
    slides[next]?.classList.add(ACTIVE, READY);
    slides[next]?.removeAttribute('aria-hidden');
    active = next;
    prepare(next + 1);
  };

  const { labelPause, labelPlay } = toggle.dataset;
  const syncToggle = () => {
    toggle.hidden = reducedMotion.matches;
    toggle.toggleAttribute('data-paused', paused);
    const label = paused ? labelPlay : labelPause;
    if (label) toggle.setAttribute('aria-label', label);
  };
  toggle.addEventListener('click', () => {
    paused = !paused;
    syncToggle();
  });
  reducedMotion.addEventListener('change', syncToggle);
  syncToggle();

  // Well within the first turn, so the next picture is there before it fades in.
  whenLoadedAndIdle(() => prepare(active + 1), TIMINGS.bannerIntervalMs / 4);

  window.setInterval(() => {
    if (!paused && !reducedMotion.matches && !document.hidden) show((active + 1) % slides.length);
  }, TIMINGS.bannerIntervalMs);
}
