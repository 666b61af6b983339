import { Link, data, useActionData } from 'react-router';
import { NoticeAttachmentsEditor } from '#app/components/admin/notice-attachments-editor.tsx';
import { NoticeForm } from '#app/components/admin/notice-form.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { addNoticeAttachments, removeNoticeAttachment, updateNotice } from '#app/lib/admin/admin-writes.server.ts';
import { noticeFormValues } from '#app/lib/notice-form-values.ts';
import { noticePreetiWrites } from '#app/lib/notice-preeti.ts';
import { NOTICE_GONE_MESSAGE } from '#common/notices/notice.ts';
import type { Route } from './+types/edit-notice';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Edit notice', matches);

const LIST_PATH = '/admin/notice';

export async function loader({ context, params }: Route.LoaderArgs) {
  await requirePermission(context, 'notices.edit');
  const notice = await context.services.notices.find(params.id);
  // Deleted (in another tab, by another admin) or never there: the page says so, with a 404.
  const maxImageBytes = context.services.images.limits.maxBytes;
  return notice ? { notice, maxImageBytes } : data({ notice: null, maxImageBytes }, { status: 404 });
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    update: updateNotice,
    ...noticePreetiWrites(updateNotice),
    'add-attachments': addNoticeAttachments(args.params.id),
    'remove-attachment': removeNoticeAttachment(args.params.id),
  });

const { noticeAttach, noticeDetach } = ADMIN_MESSAGES;
const ATTACHMENT_WORDS = new Set<string | null>([
  noticeAttach.done,
  noticeAttach.failed,
  noticeDetach.done,
  noticeDetach.failed,
]);

/** Whether the page's answer (a form posted without JavaScript) is the attachments' rather than the notice form's. */
const aboutAttachments = (result: WriteResult | undefined) =>
  result !== undefined && ATTACHMENT_WORDS.has(result.ok ? result.message : result.title);

export default function EditNotice({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const pageResult = aboutAttachments(answer) ? undefined : answer;
  const { notice, maxImageBytes } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="edit-notice-title">
      <header className="admin-page__header">
        <div>
          <h1 id="edit-notice-title">Edit notice</h1>
          {notice ? <p className="admin-page__lead">Changes show on the website as soon as they are saved.</p> : null}
        </div>
        <Link className="button" to={LIST_PATH}>
          All notices
        </Link>
      </header>
      {notice ? (
        // Keyed on the saved values, so a save without JavaScript shows the notice as it now is.
        <NoticeForm
          key={`${notice.id} ${pageResult?.ok ? 'saved' : 'editing'}`}
          pageResult={pageResult}
          listPath={LIST_PATH}
          editing={{ id: notice.id, values: noticeFormValues(notice) }}
          maxImageBytes={maxImageBytes}
        />
      ) : null}
      {notice ? (
        <NoticeAttachmentsEditor
          noticeId={notice.id}
          attachments={notice.attachments}
          scheduled={notice.scheduled}
          pageResult={aboutAttachments(answer) ? answer : undefined}
          maxImageBytes={maxImageBytes}
        />
      ) : (
        <div className="write-status write-status--refused" role="alert">
          <p>{NOTICE_GONE_MESSAGE}</p>
        </div>
      )}
    </section>
  );
}
