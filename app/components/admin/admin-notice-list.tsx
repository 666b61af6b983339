import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Notice } from '#common/notice.ts';
import { api } from '#app/lib/api-client.ts';
import { formatDateTime } from '#app/lib/admin-format.ts';
import { useConfirm } from './confirm-dialog.tsx';

export const NOTICE_DELETED = 'Notice deleted successfully.';
export const NOTICE_DELETE_FAILED = 'Failed to delete notice.';

function NoticeItem({ notice, onDelete, busy }: { notice: Notice; onDelete: () => void; busy: boolean }) {
  const titleId = useId();
  return (
    <li className="notice-item" aria-labelledby={titleId} aria-busy={busy}>
      <div className="notice-item__body">
        <h2 id={titleId} className="notice-item__title">
          {notice.title}
        </h2>
        <p className="notice-item__date">
          <time dateTime={notice.createdDate}>{formatDateTime(notice.createdDate)}</time>
        </p>
        <p className="notice-item__description">{notice.description}</p>
        {notice.link ? (
          <p className="notice-item__link">
            <a href={notice.link} target="_blank" rel="noreferrer noopener">
              {notice.link}
            </a>
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--danger button--small"
        aria-describedby={titleId}
        disabled={busy}
        onClick={onDelete}
      >
        {busy ? 'Deleting…' : 'Delete'}
      </button>
    </li>
  );
}

/** All notices, newest first, each with a delete button that asks first. */
export function AdminNoticeList({ notices }: { notices: Notice[] }) {
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);

  async function remove(notice: Notice) {
    const confirmed = await confirm({
      title: 'Delete this notice?',
      message: <p>“{notice.title}” will be removed from the website. This cannot be undone.</p>,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setDeleting(notice.id);
    try {
      await api(`/api/admin/notices/${encodeURIComponent(notice.id)}`, { method: 'DELETE' });
      toast.success(NOTICE_DELETED);
    } catch (err) {
      console.error('Deleting the notice failed', err);
      toast.error(NOTICE_DELETE_FAILED);
    } finally {
      setDeleting(null);
    }
    await revalidator.revalidate();
  }

  if (notices.length === 0) return <p className="admin-empty">No notices yet.</p>;
  return (
    <>
      <ul className="notice-list">
        {notices.map((notice) => (
          <NoticeItem
            key={notice.id}
            notice={notice}
            busy={deleting === notice.id}
            onDelete={() => void remove(notice)}
          />
        ))}
      </ul>
      {dialog}
    </>
  );
}
