import { useId } from 'react';
import type { Inquiry } from '#common/inquiry.ts';
import { formatDateTime } from '#app/lib/admin-format.ts';
import { DeleteButton } from './delete-button.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

/** One message of the contact form, with 'Mark as handled' (or unread) and delete. */
export function InquiryItem({ inquiry }: { inquiry: Inquiry }) {
  const titleId = useId();
  const { fetcher, busy } = useAdminWrite();
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  const unread = !inquiry.handled;
  return (
    <li className={`inquiry-item${unread ? ' inquiry-item--unread' : ''}`} aria-labelledby={titleId}>
      <div className="inquiry-item__head">
        <h2 id={titleId} className="inquiry-item__subject">
          {unread ? <span className="admin-badge">Unread</span> : null}
          {inquiry.subject}
        </h2>
        <p className="inquiry-item__date">
          <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
        </p>
      </div>
      <p className="inquiry-item__from">
        From <strong>{name}</strong> · <a href={`tel:${inquiry.phone.replace(/[^\d+]/gu, '')}`}>{inquiry.phone}</a> ·{' '}
        <a href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.subject}`)}`}>{inquiry.email}</a>
      </p>
      <p className="inquiry-item__message">{inquiry.message}</p>
      <div className="inquiry-item__actions">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="handled" />
          <input type="hidden" name="id" value={inquiry.id} />
          <input type="hidden" name="handled" value={String(unread)} />
          <button className="button button--small" type="submit" aria-describedby={titleId} disabled={busy}>
            {unread ? 'Mark as handled' : 'Mark as unread'}
          </button>
        </fetcher.Form>
        <DeleteButton
          id={inquiry.id}
          question="Delete this inquiry?"
          consequence={
            <p>
              The message “{inquiry.subject}” from {name} will be deleted. This cannot be undone.
            </p>
          }
          describedBy={titleId}
        />
      </div>
    </li>
  );
}
