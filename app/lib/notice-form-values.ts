import { isoToNepalLocal } from '#common/nepal-time.ts';
import type { Notice } from '#common/notice.ts';

/** The notice form's fields as the office types them (dates and times in Nepal time). */
// A type, not an interface: it is also a record of strings (the drafts kept for a signed-out admin).
export type NoticeFormValues = {
  title: string;
  description: string;
  link: string;
  category: string;
  referenceNo: string;
  publishAt: string;
  pinnedUntil: string;
  language: string;
};

/** A stored notice as the edit form shows it. */
export const noticeFormValues = (notice: Notice): NoticeFormValues => ({
  title: notice.title,
  description: notice.description,
  link: notice.link ?? '',
  category: notice.category,
  referenceNo: notice.referenceNo ?? '',
  publishAt: isoToNepalLocal(notice.publishAt),
  pinnedUntil: notice.pinnedUntil ?? '',
  language: notice.language,
});
