/** Every admin page: its own title, and never indexed (the layout says so too, but the leaf's meta wins). */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin | Orbit College` }, { name: 'robots', content: 'noindex, nofollow' }];
}
