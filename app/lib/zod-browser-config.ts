/**
 * The pages' CSP forbids eval. Zod, unless told otherwise, tries `new Function` once to see whether it
 * may compile its schemas, and the browser logs that attempt as a CSP violation (which Lighthouse counts
 * against best practices). Zod reads its settings from this global when its schemas are built, so it
 * is set here, by the root route, before any route module that builds a schema runs. Browser only: the
 * server has no CSP and keeps its compiled validators.
 */
if (typeof document !== 'undefined') {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}
export {};
