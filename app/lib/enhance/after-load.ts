/**
 * Runs `run` once the page's first largest paint is reported (its first contentful paint, in a browser that
 * does not report the largest), which happens after the paint; or after `timeoutMs` at the latest: a page
 * opened in a background tab paints only once shown. What `run` fetches then cannot delay that paint, nor be
 * counted as needed for it.
 */
export function afterFirstPaint(run: () => void, timeoutMs: number): void {
  const types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  const type = ['largest-contentful-paint', 'paint'].find((t) => types.includes(t));
  if (!type) {
    run();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    run();
  };
  const observer = new PerformanceObserver(finish);
  const timer = window.setTimeout(finish, timeoutMs);
  observer.observe({ type, buffered: true });
}

/**
 * Runs `run` once the page has loaded, has painted and the browser is idle (or after `timeoutMs` at the
 * latest), so that nothing an enhancement fetches competes with what the page itself needs first.
 */
export function whenLoadedAndIdle(run: () => void, timeoutMs: number): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: timeoutMs });
    else window.setTimeout(run, Math.min(timeoutMs, 3_000));
  };
  const painted = () => afterFirstPaint(idle, timeoutMs);
  if (document.readyState === 'complete') painted();
  else window.addEventListener('load', painted, { once: true });
}
