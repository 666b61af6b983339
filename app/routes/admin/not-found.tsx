import { Link, data } from 'react-router';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import type { Route } from './+types/not-found';

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'admin.enter');
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        This admin page does not exist. <Link to="/admin">Go to the admission status</Link>.
      </p>
    </section>
  );
}
