import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Inquiry } from '#common/inquiry.ts';
import { api } from '#app/lib/api-client.ts';
import { formatDateTime } from '#app/lib/admin-format.ts';
import { useConfirm } from './confirm-dialog.tsx';

interface InquiryItemProps {
  inquiry: Inquiry;
  busy: boolean;
  onToggle: (handled: boolean) => void;
  onDelete: () => void;
}

function InquiryItem({ inquiry, busy, onToggle, onDelete }: InquiryItemProps) {
  const titleId = useId();
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  const unread = !inquiry.handled;
  return (
    <li className={`inquiry-item${unread ? ' inquiry-item--unread' : ''}`} aria-labelledby={titleId} aria-busy={busy}>
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
        <label className="admin-toggle">
          <input
            type="checkbox"
            checked={inquiry.handled}
            disabled={busy}
            aria-describedby={titleId}
            onChange={(e) => onToggle(e.target.checked)}
          />
          <span>Handled</span>
        </label>
        <button
          type="button"
          className="button button--danger button--small"
          aria-describedby={titleId}
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** The contact form's messages, newest first; unread ones are marked until someone ticks 'Handled'. */
export function InquiryList({ inquiries }: { inquiries: Inquiry[] }) {
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(id: string, work: () => Promise<void>) {
    setBusy(id);
    try {
      await work();
    } finally {
      setBusy(null);
    }
    // Also refreshes the unread count of the side menu (the layout's loader).
    await revalidator.revalidate();
  }

  const toggle = (inquiry: Inquiry, handled: boolean) =>
    run(inquiry.id, async () => {
      try {
        await api(`/api/admin/inquiries/${encodeURIComponent(inquiry.id)}`, { method: 'PATCH', json: { handled } });
      } catch (err) {
        console.error('Updating the inquiry failed', err);
        toast.error('Failed to update inquiry.');
      }
    });

  async function remove(inquiry: Inquiry) {
    const confirmed = await confirm({
      title: 'Delete this inquiry?',
      message: (
        <p>
          The message “{inquiry.subject}” from {inquiry.firstName} {inquiry.lastName} will be deleted. This cannot be
          undone.
        </p>
      ),
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    await run(inquiry.id, async () => {
      try {
        await api(`/api/admin/inquiries/${encodeURIComponent(inquiry.id)}`, { method: 'DELETE' });
        toast.success('Inquiry deleted successfully.');
      } catch (err) {
        console.error('Deleting the inquiry failed', err);
        toast.error('Failed to delete inquiry.');
      }
    });
  }

  if (inquiries.length === 0) return <p className="admin-empty">No messages yet.</p>;
  return (
    <>
      <ul className="inquiry-list">
        {inquiries.map((inquiry) => (
          <InquiryItem
            key={inquiry.id}
            inquiry={inquiry}
            busy={busy === inquiry.id}
            onToggle={(handled) => void toggle(inquiry, handled)}
            onDelete={() => void remove(inquiry)}
          />
        ))}
      </ul>
      {dialog}
    </>
  );
}
