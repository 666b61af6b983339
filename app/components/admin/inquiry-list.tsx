import type { Inquiry } from '#common/inquiry.ts';
import { InquiryItem } from './inquiry-item.tsx';

/** The contact form's messages, newest first; unread ones are marked until someone marks them handled. */
export function InquiryList({ inquiries }: { inquiries: Inquiry[] }) {
  if (inquiries.length === 0) return <p className="admin-empty">No messages yet.</p>;
  return (
    <ul className="inquiry-list">
      {inquiries.map((inquiry) => (
        <InquiryItem key={inquiry.id} inquiry={inquiry} />
      ))}
    </ul>
  );
}
