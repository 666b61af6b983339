/**
 * Where one page of a list starts: `page` of `total` rows, `pageSize` a page. Null for a page that does not exist
 * (not a positive whole number, or past the last); the first page always exists, even of an empty list.
 */
export function pageWindow(
  total: number,
  page: number,
  pageSize: number,
): { pageCount: number; offset: number } | null {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return { pageCount, offset: (page - 1) * pageSize };
}
