/** The admission seasons as links (`?season=<id>`), the shown one marked current; nothing with one season. */
export function SeasonTabs({
  seasons,
  currentId,
}: {
  seasons: readonly { id: string; name: string }[];
  currentId: string | undefined;
}) {
  if (seasons.length <= 1) return null;
  return (
    <nav className="entrance-seasons" aria-label="Seasons">
      {seasons.map((s) => (
        <a key={s.id} href={`?season=${s.id}`} aria-current={s.id === currentId ? 'true' : undefined}>
          {s.name}
        </a>
      ))}
    </nav>
  );
}
