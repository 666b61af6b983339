/** Pixel sizes of the drawn pictures, shared by scripts/generate-drawings.ts and the pages' width/height. */
export const BANNER_SIZE = { width: 1600, height: 800 } as const;
export const MAP_SIZE = { width: 960, height: 540 } as const;
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
