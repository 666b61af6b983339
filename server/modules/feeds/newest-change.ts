import type { Notice } from '#common/notices/notice.ts';

/**
 * The latest change among these notices, an edit as much as a publication (an ISO instant), or undefined for
 * none: when a page or feed listing them last changed.
 */
export const newestChange = (notices: readonly Notice[]): string | undefined =>
  notices.reduce<string | undefined>((max, n) => (max && max > n.updatedAt ? max : n.updatedAt), undefined);
