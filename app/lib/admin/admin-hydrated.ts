import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page. A control that only
 * makes sense with script (a save button that waits for a change) must not be disabled in HTML that may
 * never be hydrated (JavaScript off, or a click before the scripts arrive).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
