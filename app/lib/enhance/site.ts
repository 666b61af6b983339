/**
 * The only script of the public pages (bundled on its own by vite.config.ts, so it never pulls in React).
 * Every page works without it; it adds what HTML alone cannot do, then starts the sampled vitals beacon.
 * It reads its texts from the page (data attributes), so a page in another language needs no other script.
 */
import { enhanceBanner } from './banner.ts';
import { enhanceCopyLinks } from './copy-link.ts';
import { enhanceFacades } from './facades.ts';
import { enhanceGalleryViewer } from './gallery-viewer-start.ts';
import { enhanceMobileMenu } from './mobile-menu.ts';
import { addServedFontAfterPaint } from './served-font.ts';
import { startVitals } from './vitals-start.ts';

function start(): void {
  addServedFontAfterPaint();
  enhanceMobileMenu();
  enhanceBanner();
  enhanceFacades();
  enhanceCopyLinks();
  enhanceGalleryViewer();
  // The application pages' enhancement is a chunk of its own, fetched only where it is needed.
  const application = document.querySelector(
    '[data-application-form], [data-document-form], form.apply-lookup, [data-print]',
  )
    ? import('./application.ts').then((m) => m.enhanceApplication())
    : Promise.resolve();
  // Tells tests that the enhancements are in place: on the application pages, once that chunk's listeners are too
  // (said before them, a test could choose a file the form's checks never saw). A chunk that fails to load is
  // still reported, as an unhandled rejection, and the page works as it does without a script.
  void application.finally(() => {
    document.documentElement.dataset.enhanced = '';
  });
  startVitals();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
