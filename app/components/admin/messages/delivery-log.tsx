import { Form } from 'react-router';
import { deliveryStateLabel } from '#common/messages.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import type { LoggedMessage } from '#server/modules/outbox/index.ts';

const EVENT_LABELS: Record<string, string> = {
  'inquiry-alert': 'Inquiry alert',
  'inquiry-reply': 'Reply to an inquiry',
  'application-submitted': 'Application received',
  'application-needs-correction': 'Application: correction asked',
  'application-documents-verified': 'Application: documents verified',
  'application-fee-verified': 'Application: fee verified',
  'application-fee-refused': 'Application: fee refused',
  'application-offered': 'Application: seat offered',
  'application-waitlisted': 'Application: waiting list',
  'application-rejected': 'Application: rejected',
  'application-admitted': 'Application: admitted',
  'application-withdrawn': 'Application: withdrawn',
};

/** Every message of the outbox, newest first: its state, tries and the last answer; a failed one can be sent again. */
export function DeliveryLog({ messages, busy }: { messages: LoggedMessage[]; busy: boolean }) {
  if (messages.length === 0) return <p>No messages yet.</p>;
  return (
    <ol className="delivery-log">
      {messages.map((m) => {
        const kind = m.event.split(':')[0] ?? '';
        return (
          <li key={m.id} className={`delivery-log__item delivery-log__item--${m.state}`}>
            <p className="delivery-log__head">
              <span className={`delivery-log__state delivery-log__state--${m.state}`}>
                {deliveryStateLabel(m.state, m.channel)}
              </span>{' '}
              <strong>{m.channel === 'sms' ? 'SMS' : 'E-mail'}</strong> to {m.recipient}
            </p>
            <p className="delivery-log__subject">{m.subject}</p>
            <p className="delivery-log__meta">
              {EVENT_LABELS[kind] ?? kind} · written <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> ·{' '}
              {m.attempts} {m.attempts === 1 ? 'try' : 'tries'}
              {m.state === 'retrying' ? (
                <>
                  {' '}
                  · next try <time dateTime={m.nextAttemptAt}>{formatDateTime(m.nextAttemptAt)}</time>
                </>
              ) : null}
              {m.sentAt ? (
                <>
                  {' '}
                  · sent <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
                </>
              ) : null}
            </p>
            {m.lastAnswer ? <p className="delivery-log__answer">Last answer: {m.lastAnswer}</p> : null}
            {m.state === 'failed' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="id" value={m.id} />
                <button className="button button--small" type="submit" disabled={busy}>
                  Send again
                </button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
