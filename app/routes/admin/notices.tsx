import { Link, useActionData } from 'react-router';
import { AdminNoticeList } from '#app/components/admin/admin-notice-list.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import { deleteNotice } from '#app/lib/admin-writes.server.ts';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Notices', matches);

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'notices.edit');
  return { notices: await context.services.notices.listAll() };
}

export const action = (args: Route.ActionArgs) => adminAction(args, { delete: deleteNotice });

export default function AdminNotices({ loaderData }: Route.ComponentProps) {
  const { notices } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="notices-title">
      <header className="admin-page__header">
        <div>
          <h1 id="notices-title">Notices</h1>
          <p className="admin-page__lead">
            All notices, newest publish time first, scheduled ones included. {notices.length}{' '}
            {notices.length === 1 ? 'notice' : 'notices'}.
          </p>
        </div>
        <Link className="button button--primary" to="/admin/addnewnotice">
          Add notice
        </Link>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      <AdminNoticeList notices={notices} />
    </section>
  );
}
