/** Messages browsers and bundlers use when a script chunk of an older deployment can no longer be loaded. */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/iu, // Chromium
  /Importing a module script failed/iu, // Safari
  /error loading dynamically imported module/iu, // Firefox
  /Loading (CSS )?chunk [\w-]+ failed/iu, // webpack-style loaders
  /Unable to preload CSS/iu, // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((p) => p.test(error.message));
}
