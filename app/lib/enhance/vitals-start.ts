import { VITALS_SAMPLE_RATE } from '#common/vitals-sampling.ts';

/** After the load event, once the browser has nothing better to do: measuring never slows what it measures. */
function whenIdle(run: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 10_000 });
    else window.setTimeout(run, 3_000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Real-user measurement of this page load: a sampled share of visits loads the web-vitals beacon (its own
 * small file, app/lib/vitals.client.ts) when the page is idle. The route pattern comes from the server
 * (the script tag's data-vitals-route), so no visitor-typed path is sent; pages without it are not measured.
 */
export function startVitals(): void {
  const route = document.querySelector<HTMLElement>('script[data-vitals-route]')?.dataset.vitalsRoute;
  if (!route || Math.random() >= VITALS_SAMPLE_RATE) return;
  whenIdle(() => {
    import('#app/lib/vitals.client.ts').then(
      ({ reportVitals }) => reportVitals(route),
      () => undefined, // a file that fails to load only costs us one measurement
    );
  });
}
