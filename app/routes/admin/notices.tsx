import { Link } from 'react-router';
import type { Notice } from '#common/notice.ts';
import { AdminNoticeList } from '#app/components/admin/admin-notice-list.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = () => adminMeta('Notices');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  let notices: Notice[] = [];
  try {
    notices = await context.services.notices.list();
  } catch (err) {
    // As specified, a failed load of the notice list is only logged.
    console.error('Loading the notices failed', err);
  }
  return { notices };
}

export default function AdminNotices({ loaderData }: Route.ComponentProps) {
  const { notices } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="notices-title">
      <header className="admin-page__header">
        <div>
          <h1 id="notices-title">Notices</h1>
          <p className="admin-page__lead">
            All notices, newest first. {notices.length} {notices.length === 1 ? 'notice' : 'notices'}.
          </p>
        </div>
        <Link className="button button--primary" to="/admin/addnewnotice">
          Add notice
        </Link>
      </header>
      <AdminNoticeList notices={notices} />
    </section>
  );
}
