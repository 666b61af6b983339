/** A notice's own page: its id, then its title as a readable slug (the id alone also resolves). */
export function noticePath(notice: { id: string; title: string }): string {
  const slug = notice.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 60);
  return slug ? `/notices/${notice.id}/${slug}` : `/notices/${notice.id}`;
}
