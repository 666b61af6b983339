import type { Inquiry } from '#common/inquiry.ts';
import { InquiryList } from '#app/components/admin/inquiry-list.tsx';
import { ListLoadFailed } from '#app/components/admin/list-load-failed.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/inquiries';

export const meta: Route.MetaFunction = () => adminMeta('Inquiries');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  let inquiries: Inquiry[] | null = null;
  try {
    inquiries = await context.services.inquiries.list();
  } catch (err) {
    console.error('Loading the inquiries failed', err);
  }
  return { inquiries };
}

export default function AdminInquiries({ loaderData }: Route.ComponentProps) {
  const { inquiries } = loaderData;
  const unread = inquiries?.filter((i) => !i.handled).length ?? 0;
  return (
    <section className="admin-page" aria-labelledby="inquiries-title">
      <header className="admin-page__header">
        <div>
          <h1 id="inquiries-title">Inquiries</h1>
          <p className="admin-page__lead">
            Messages sent through the contact form, newest first.
            {inquiries ? ` ${inquiries.length} in all, ${unread} unread.` : null}
          </p>
        </div>
      </header>
      {inquiries ? <InquiryList inquiries={inquiries} /> : <ListLoadFailed />}
    </section>
  );
}
