import { useId } from 'react';
import { INQUIRY_REPLY_MAX, INQUIRY_STATE_LABELS, INQUIRY_STATES, type Inquiry } from '#common/inquiry.ts';
import { MESSAGE_STATE_LABELS, type MessageState } from '#common/messages.ts';
import { formatDateTime } from '#app/lib/admin-format.ts';
import { DeleteButton } from './delete-button.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

const deliveryWords = (delivery: string) =>
  delivery in MESSAGE_STATE_LABELS ? MESSAGE_STATE_LABELS[delivery as MessageState] : 'Unknown';

/**
 * One message of the contact form: its state (new, answered, closed), the replies the office sent and a
 * form to reply by e-mail, and delete.
 */
export function InquiryItem({ inquiry }: { inquiry: Inquiry }) {
  const titleId = useId();
  const replyId = useId();
  const { fetcher, busy } = useAdminWrite();
  const reply = useAdminWrite();
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  const unread = inquiry.state === 'new';
  return (
    <li
      id={`inquiry-${inquiry.id}`}
      className={`inquiry-item${unread ? ' inquiry-item--unread' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="inquiry-item__head">
        <h2 id={titleId} className="inquiry-item__subject">
          <span className="admin-badge">{INQUIRY_STATE_LABELS[inquiry.state]}</span>
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
      {inquiry.replies.length > 0 ? (
        <ol className="inquiry-replies" aria-label="Replies sent">
          {inquiry.replies.map((r) => (
            <li key={r.id} className="inquiry-reply">
              <p className="inquiry-reply__meta">
                Reply by {r.sentBy}, <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> · e-mail:{' '}
                {deliveryWords(r.delivery)}
              </p>
              <p className="inquiry-item__message">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <reply.fetcher.Form method="post" className="inquiry-reply-form" key={inquiry.replies.length}>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="id" value={inquiry.id} />
        <label className="field__label" htmlFor={replyId}>
          Reply to {inquiry.email}
        </label>
        <textarea id={replyId} className="field__input" name="reply" rows={3} maxLength={INQUIRY_REPLY_MAX} required />
        <button className="button button--primary button--small" type="submit" disabled={reply.busy}>
          Send reply
        </button>
      </reply.fetcher.Form>
      <div className="inquiry-item__actions">
        <fetcher.Form method="post" className="inquiry-state-form">
          <input type="hidden" name="intent" value="state" />
          <input type="hidden" name="id" value={inquiry.id} />
          <label className="field__label" htmlFor={`${titleId}-state`}>
            State
          </label>
          <select id={`${titleId}-state`} name="state" defaultValue={inquiry.state} key={inquiry.state}>
            {INQUIRY_STATES.map((s) => (
              <option key={s} value={s}>
                {INQUIRY_STATE_LABELS[s]}
              </option>
            ))}
          </select>
          <button className="button button--small" type="submit" aria-describedby={titleId} disabled={busy}>
            Change state
          </button>
        </fetcher.Form>
        <DeleteButton
          id={inquiry.id}
          question="Delete this inquiry?"
          consequence={
            <p>
              The message “{inquiry.subject}” from {name} and the replies sent to it will be deleted. This cannot be
              undone.
            </p>
          }
          describedBy={titleId}
        />
      </div>
    </li>
  );
}
