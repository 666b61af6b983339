/**
 * Which pages download React, React Router and the hydration code. Public pages are complete HTML and CSS
 * (with app/lib/enhance/site.ts as their only script), so they do not; a route that is a single-page app
 * says so in its handle (`export const handle = { hydrate: true } satisfies RouteHandle`), and every page
 * under it gets the client runtime. Read by the root Layout (which writes the scripts) and by the server
 * entry (which gives a CSP nonce only to pages that have inline scripts).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

export function needsClientRuntime(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) => typeof handle === 'object' && handle !== null && (handle as RouteHandle).hydrate === true,
  );
}
