import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [notices, admission] = await Promise.all([
    context.services.notices.list(2),
    context.services.admission.get(),
  ]);
  return { notices, admission };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>Open Up Your Future</h1>
      <p>{loaderData.admission}</p>
      <ul>{loaderData.notices.map((n) => <li key={n.id}>{n.title}</li>)}</ul>
    </main>
  );
}
