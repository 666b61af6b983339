/** Business constants of the specification (SPEC.md section 9), shared by the browser and the server. */
export const NOTICE_LIMITS = {
  titleMinChars: 5,
  titleMaxChars: 60,
  descriptionMinWords: 5,
  descriptionMaxWords: 150,
  linkMaxChars: 100,
  referenceNoMaxChars: 30,
} as const;

export const FEATURED_MAX = 3;
export const HOME_NOTICE_COUNT = 2;
/** Notices per page on /notices: the page stays the same size however many notices the office posts. */
export const NOTICES_PAGE_SIZE = 20;
/** Notices per page of the admin's list (/admin/notice): years of notices, or an imported site's, stay quick to open. */
export const ADMIN_NOTICES_PAGE_SIZE = 50;
/** Inquiries per page of /admin/inquiries: years of messages stay quick to open (each carries its reply forms). */
export const ADMIN_INQUIRIES_PAGE_SIZE = 50;
export const BANNER_IMAGE_COUNT = 7;

export const TIMINGS = {
  bannerIntervalMs: 4000,
  loginRedirectMs: 2000,
  toastAutoCloseMs: 5000,
  toastDragPercent: 80,
  chunkLoadTimeoutMs: 120_000,
} as const;

export const MOTION = {
  fadeFastS: 0.5,
  fadeSlowS: 1.5,
  tapScale: 0.9,
  slidePx: 30,
} as const;

/** Local-storage key of the session's public identifier (SPEC.md section 9). */
export const USER_TOKEN_KEY = 'userToken';
