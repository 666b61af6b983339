import { type Metric, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';

/** CLS is a unitless score; the others are milliseconds, of which a whole one is precise enough. */
const rounded = (m: Pick<Metric, 'name' | 'value'>) =>
  m.name === 'CLS' ? Math.round(m.value * 10_000) / 10_000 : Math.round(m.value);

/**
 * Collects LCP, INP, CLS and TTFB of this page load and sends them with the route pattern when the page
 * is hidden or left: one small JSON beacon, no cookie set, nothing about the visitor. Loaded only for
 * sampled page loads, after the page is idle (app/lib/enhance/vitals-start.ts).
 */
export function reportVitals(route: string, endpoint = '/api/vitals'): void {
  const pending = new Map<string, number>();
  const queue = (metric: Metric) => {
    pending.set(metric.name, rounded(metric));
  };
  const flush = () => {
    if (pending.size === 0 || typeof navigator.sendBeacon !== 'function') return;
    const metrics = [...pending].map(([name, value]) => ({ name, value }));
    pending.clear();
    navigator.sendBeacon(endpoint, new Blob([JSON.stringify({ route, metrics })], { type: 'application/json' }));
  };
  onTTFB(queue);
  onLCP(queue);
  onCLS(queue);
  onINP(queue);
  // web-vitals reports CLS and INP (and a pending LCP) when the page is hidden; its listeners were added
  // first, so they have queued their values by the time this one sends them.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
