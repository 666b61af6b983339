import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { VITALS_SAMPLE_RATE, routePattern } from '#common/vitals-sampling.ts';

/** Starts once the browser has nothing better to do, so measuring never slows the page it measures. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 3_000);
}

/**
 * Real-user measurement of the page load that rendered this document: a sampled share of visits loads
 * the web-vitals library (its own chunk, never part of the first load) after the page is idle. The
 * route pattern is taken at load time; client-side navigations are not separate page loads. Admin
 * pages are not measured: admins are not the visitors the figures are for.
 */
export function VitalsReporter() {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const route = leaf ? routePattern(leaf.pathname, leaf.params) : '/';

  useEffect(() => {
    if (route === '/admin' || route.startsWith('/admin/') || Math.random() >= VITALS_SAMPLE_RATE) return;
    whenIdle(() => {
      import('#app/lib/vitals.client.ts').then(
        ({ reportVitals }) => reportVitals(route),
        () => undefined, // a chunk that fails to load only costs us one measurement
      );
    });
    // Once per document: the first route is the one whose load is measured.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
