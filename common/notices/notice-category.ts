/** The kinds of notice a college office posts, in the order the form and the filter list them. */
export const NOTICE_CATEGORIES = [
  { key: 'general', label: 'General' },
  { key: 'admission', label: 'Admission' },
  { key: 'examination', label: 'Examination' },
  { key: 'result', label: 'Result' },
  { key: 'holiday', label: 'Holiday' },
  { key: 'scholarship', label: 'Scholarship' },
  { key: 'event', label: 'Event' },
] as const;

export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number]['key'];
export const NOTICE_CATEGORY_KEYS = NOTICE_CATEGORIES.map((c) => c.key) as [NoticeCategory, ...NoticeCategory[]];
/** A notice saved without a category, and every notice from before categories existed. */
export const DEFAULT_NOTICE_CATEGORY: NoticeCategory = 'general';

export const isNoticeCategory = (value: string): value is NoticeCategory =>
  (NOTICE_CATEGORY_KEYS as string[]).includes(value);

export const noticeCategoryLabel = (key: string): string =>
  NOTICE_CATEGORIES.find((c) => c.key === key)?.label ?? 'General';
