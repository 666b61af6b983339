/**
 * Runs `work` now (without holding up the caller) and then every `intervalMs`, never two runs at once: a run
 * still going when the next is due makes that one a no-op. A failed run is handed to `failed` and the next
 * runs as planned. The timer never keeps the process alive.
 */
export function repeatEvery(
  intervalMs: number,
  work: () => Promise<void>,
  failed: (err: unknown) => void,
): { stop: () => void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (err) {
      failed(err);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
