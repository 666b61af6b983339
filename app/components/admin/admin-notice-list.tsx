import { useId } from 'react';
import type { Notice } from '#common/notices/notice.ts';
import { Link } from 'react-router';
import { noticeCategoryLabel } from '#common/notices/notice-category.ts';
import { formatDate, formatDateTime } from '#app/lib/admin/admin-format.ts';
import { DeleteButton } from './delete-button.tsx';

function NoticeItem({ notice }: { notice: Notice }) {
  const titleId = useId();
  return (
    <li className="notice-item" aria-labelledby={titleId}>
      <div className="notice-item__body">
        <h2 id={titleId} className="notice-item__title">
          {notice.title}
        </h2>
        <p className="notice-item__date">
          {notice.scheduled ? <span className="notice-item__badge">Scheduled</span> : null}
          {notice.pinned ? <span className="notice-item__badge">Pinned</span> : null}
          {notice.scheduled ? 'for ' : ''}
          <time dateTime={notice.publishAt}>{formatDateTime(notice.publishAt)}</time>
          {' · '}
          {noticeCategoryLabel(notice.category)}
          {notice.referenceNo ? ` · Ref. ${notice.referenceNo}` : ''}
          {notice.pinned && notice.pinnedUntil ? ` · pinned to ${formatDate(notice.pinnedUntil)}` : ''}
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
      <div className="notice-item__actions">
        <Link className="button" to={`/admin/notice/${notice.id}/edit`} aria-describedby={titleId}>
          Edit
        </Link>
        <DeleteButton
          id={notice.id}
          question="Delete this notice?"
          consequence={<p>“{notice.title}” will be removed from the website. This cannot be undone.</p>}
          describedBy={titleId}
        />
      </div>
    </li>
  );
}

/** All notices, newest first, each with a delete button that asks first. */
export function AdminNoticeList({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return <p className="admin-empty">No notices yet.</p>;
  return (
    <ul className="notice-list">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </ul>
  );
}
