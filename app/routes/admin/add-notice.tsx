import { Link, useActionData } from 'react-router';
import { NoticeForm } from '#app/components/admin/notice-form.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { createNotice } from '#app/lib/admin/admin-writes.server.ts';
import { noticePreetiWrites } from '#app/lib/notice-preeti.ts';
import type { Route } from './+types/add-notice';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Add notice', matches);

const LIST_PATH = '/admin/notice';

// A blank form holds nothing private (nor does the server's limit of an attached photo): after a post refused for an ended session it is shown again with the text.
export async function loader({ context }: Route.LoaderArgs) {
  await permissionOrEndedWrite(context, 'notices.edit');
  return { maxImageBytes: context.services.images.limits.maxBytes };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, { create: createNotice, ...noticePreetiWrites(createNotice) });

export default function AddNotice({ loaderData }: Route.ComponentProps) {
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="add-notice-title">
      <header className="admin-page__header">
        <div>
          <h1 id="add-notice-title">Add notice</h1>
          <p className="admin-page__lead">
            Published at once on the notices page; the two newest also on the home page.
          </p>
        </div>
        <Link className="button" to={LIST_PATH}>
          All notices
        </Link>
      </header>
      {/* Keyed on the answer, so a notice saved without JavaScript leaves an empty form for the next one. */}
      <NoticeForm
        key={pageResult?.ok ? 'saved' : 'editing'}
        pageResult={pageResult}
        listPath={LIST_PATH}
        maxImageBytes={loaderData.maxImageBytes}
      />
    </section>
  );
}
