import { Link, redirect, useActionData } from 'react-router';
import { AdminNoticeList } from '#app/components/admin/admin-notice-list.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { AdminPager } from '#app/components/admin/admin-pager.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { deleteNotice } from '#app/lib/admin/admin-writes.server.ts';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Notices', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context, 'notices.edit');
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const result = await context.services.notices.listAllPage(page);
  // A page past the end (notices deleted since the link was made) or a bad number: the first page.
  if (!result) throw redirect('/admin/notice');
  return result;
}

export const action = (args: Route.ActionArgs) => adminAction(args, { delete: deleteNotice });

export default function AdminNotices({ loaderData }: Route.ComponentProps) {
  const { notices, page, pageCount, total } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="notices-title">
      <header className="admin-page__header">
        <div>
          <h1 id="notices-title">Notices</h1>
          <p className="admin-page__lead">
            All notices, newest publish time first, scheduled ones included. {total}{' '}
            {total === 1 ? 'notice' : 'notices'}.
          </p>
        </div>
        <Link className="button button--primary" to="/admin/addnewnotice">
          Add notice
        </Link>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      <AdminNoticeList notices={notices} />
      <AdminPager label="Pages of notices" page={page} pageCount={pageCount} href={(n) => `/admin/notice?page=${n}`} />
    </section>
  );
}
