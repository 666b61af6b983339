/** The admin layout's route id, whose loader reads the college's name for every admin page. */
export const ADMIN_LAYOUT_ID = 'routes/admin/layout';

const NOT_INDEXED = { name: 'robots', content: 'noindex, nofollow' } as const;

/** A staff page's title with the college's stored name after it (the title alone while the name is unknown). */
export const staffTitle = (title: string, collegeName: string | undefined): string =>
  collegeName ? `${title} | ${collegeName}` : title;

/** The staff pages' own meta: a title with the college's name, never indexed. */
export const staffMeta = (title: string, collegeName: string | undefined) => [
  { title: staffTitle(title, collegeName) },
  NOT_INDEXED,
];

/** The college's name as the admin layout's loader read it, from a meta function's matches. */
export function adminCollegeName(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const data = matches.find((m) => m?.id === ADMIN_LAYOUT_ID)?.data as { collegeName?: unknown } | undefined;
  return typeof data?.collegeName === 'string' ? data.collegeName : '';
}

/** Every admin page: its own title, and never indexed (the layout says so too, but the leaf's meta wins). */
export function adminMeta(title: string, matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
  return staffMeta(`${title} | Admin`, adminCollegeName(matches));
}
