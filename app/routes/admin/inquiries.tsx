import { redirect, useActionData } from 'react-router';
import { AdminPager } from '#app/components/admin/admin-pager.tsx';
import { InquiryList } from '#app/components/admin/inquiry-list.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import {
  deleteInquiry,
  markInquiryAnsweredByPhone,
  replyToInquiry,
  setInquiryHandled,
  setInquiryState,
} from '#app/lib/admin/admin-writes.server.ts';
import type { Route } from './+types/inquiries';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Inquiries', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'inquiries.handle');
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const result = await context.services.inquiries.listPage(actor, page);
  // A page past the end (inquiries deleted since the link was made) or a bad number: the first page.
  if (!result) throw redirect('/admin/inquiries');
  return result;
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    handled: setInquiryHandled,
    state: setInquiryState,
    reply: replyToInquiry,
    answeredByPhone: markInquiryAnsweredByPhone,
    delete: deleteInquiry,
  });

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { inquiries, page, pageCount, total, unread } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="inquiries-title">
      <header className="admin-page__header">
        <div>
          <h1 id="inquiries-title">Inquiries</h1>
          <p className="admin-page__lead">
            Messages sent through the contact form, newest first. {total} in all, {unread} new. A reply goes by e-mail,
            or by SMS to a sender who gave only a mobile number, and is kept here.
          </p>
        </div>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      <InquiryList inquiries={inquiries} />
      <AdminPager
        label="Pages of inquiries"
        page={page}
        pageCount={pageCount}
        href={(n) => `/admin/inquiries?page=${n}`}
      />
    </section>
  );
}
