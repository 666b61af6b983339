import { useId } from 'react';
import { INQUIRY_REPLY_MAX, INQUIRY_STATE_LABELS, INQUIRY_STATES, type Inquiry } from '#common/inquiry.ts';
import { type DeliveryState, deliveryStateLabel, MESSAGE_STATES } from '#common/messages.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { DeleteButton } from './delete-button.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

type Reply = Inquiry['replies'][number];

/** How a reply went, and where its message is now: 'SMS: Waiting for SMS set-up', 'e-mail: Sent'. */
function deliveryWords(reply: Reply): string {
  if (reply.channel === 'phone') return 'answered by phone';
  const known = reply.delivery === 'waiting-setup' || (MESSAGE_STATES as readonly string[]).includes(reply.delivery);
  const state = known ? deliveryStateLabel(reply.delivery as DeliveryState, reply.channel) : 'Unknown';
  return `${reply.channel === 'sms' ? 'SMS' : 'e-mail'}: ${state}`;
}

/** A number as a tel: link takes it (digits and a leading +). */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/gu, '')}`;

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
        From <strong>{name}</strong>
        {inquiry.phone ? (
          <>
            {' '}
            · <a href={telOf(inquiry.phone)}>{inquiry.phone}</a>
          </>
        ) : null}
        {inquiry.email ? (
          <>
            {' '}
            ·{' '}
            <a href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.subject}`)}`}>
              {inquiry.email}
            </a>
          </>
        ) : null}
      </p>
      <p className="inquiry-item__message">{inquiry.message}</p>
      {inquiry.replies.length > 0 ? (
        <ol className="inquiry-replies" aria-label="Replies sent">
          {inquiry.replies.map((r) => (
            <li key={r.id} className="inquiry-reply">
              <p className="inquiry-reply__meta">
                {r.channel === 'phone' ? 'Answered by phone' : 'Reply'} by {r.sentBy},{' '}
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                {r.channel === 'phone' ? null : <> · {deliveryWords(r)}</>}
              </p>
              {r.body ? <p className="inquiry-item__message">{r.body}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {inquiry.replyRoute.channel === 'none' ? (
        <div className="inquiry-reply-form">
          <p className="inquiry-item__cannot-send" role="note">
            {inquiry.replyRoute.why}{' '}
            {inquiry.replyRoute.call ? (
              <a href={telOf(inquiry.replyRoute.call)}>Call {inquiry.replyRoute.call}</a>
            ) : null}
          </p>
          <reply.fetcher.Form method="post" key={inquiry.replies.length}>
            <input type="hidden" name="intent" value="answeredByPhone" />
            <input type="hidden" name="id" value={inquiry.id} />
            <label className="field__label" htmlFor={replyId}>
              What was said on the phone (optional)
            </label>
            <textarea id={replyId} className="field__input" name="note" rows={2} maxLength={INQUIRY_REPLY_MAX} />
            <button className="button button--small" type="submit" disabled={reply.busy}>
              Mark answered by phone
            </button>
          </reply.fetcher.Form>
        </div>
      ) : (
        <reply.fetcher.Form method="post" className="inquiry-reply-form" key={inquiry.replies.length}>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={inquiry.id} />
          <label className="field__label" htmlFor={replyId}>
            {inquiry.replyRoute.channel === 'sms' ? 'Reply by SMS to' : 'Reply by e-mail to'} {inquiry.replyRoute.to}
          </label>
          <textarea
            id={replyId}
            className="field__input"
            name="reply"
            rows={3}
            maxLength={INQUIRY_REPLY_MAX}
            required
          />
          <button className="button button--primary button--small" type="submit" disabled={reply.busy}>
            Send reply
          </button>
        </reply.fetcher.Form>
      )}
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
