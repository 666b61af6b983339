/**
 * Runs `run` once the page has loaded and the browser is idle (or after `timeoutMs` at the latest), so that
 * nothing an enhancement fetches competes with what the page itself needs first.
 */
export function whenLoadedAndIdle(run: () => void, timeoutMs: number): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs });
    else window.setTimeout(run, Math.min(timeoutMs, 3_000));
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
