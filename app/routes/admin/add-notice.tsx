import { Link } from 'react-router';
import { NoticeForm } from '#app/components/admin/notice-form.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/add-notice';

export const meta: Route.MetaFunction = () => adminMeta('Add notice');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AddNotice() {
  return (
    <section className="admin-page" aria-labelledby="add-notice-title">
      <header className="admin-page__header">
        <div>
          <h1 id="add-notice-title">Add notice</h1>
          <p className="admin-page__lead">
            Published at once on the notices page; the two newest also on the home page.
          </p>
        </div>
        <Link className="button" to="/admin/notice">
          All notices
        </Link>
      </header>
      <NoticeForm />
    </section>
  );
}
