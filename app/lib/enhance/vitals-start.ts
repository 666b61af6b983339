import { VITALS_SAMPLE_RATE } from '#common/vitals/vitals-sampling.ts';
import { whenLoadedAndIdle } from './after-load.ts';

/**
 * Real-user measurement of this page load: a sampled share of visits loads the web-vitals beacon (its own
 * small file, app/lib/vitals.client.ts) when the page is idle. The route pattern comes from the server
 * (the script tag's data-vitals-route), so no visitor-typed path is sent; pages without it are not measured.
 */
export function startVitals(): void {
  const route = document.querySelector<HTMLElement>('script[data-vitals-route]')?.dataset.vitalsRoute;
  if (!route || Math.random() >= VITALS_SAMPLE_RATE) return;
  whenLoadedAndIdle(() => {
    import('#app/lib/vitals.client.ts').then(
      ({ reportVitals }) => reportVitals(route),
      () => undefined, // a file that fails to load only costs us one measurement
    );
  }, 10_000);
}
