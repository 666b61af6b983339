import { Link } from 'react-router';

/** Messages that cannot leave, per channel, because that channel is not set up. */
export interface UnsendableMessages {
  email: number;
  sms: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The banner on every admin page for owners while messages wait for a channel that is not set up: they never
 * leave on their own, so the office is told how many and what to set, until they can.
 */
export function MessageWarnings({ unsendable }: { unsendable: UnsendableMessages }) {
  if (unsendable.email + unsendable.sms === 0) return null;
  return (
    <section className="backup-warnings" aria-label="Messages cannot be sent">
      <p className="backup-warnings__title">Messages cannot be sent</p>
      <ul className="backup-warnings__list">
        {unsendable.email > 0 ? (
          <li>
            {count(unsendable.email, 'e-mail waits', 'e-mails wait')}: e-mail is not set up (save the SMTP server under
            E-mail and SMS).
          </li>
        ) : null}
        {unsendable.sms > 0 ? (
          <li>
            {count(unsendable.sms, 'SMS waits', 'SMS wait')}: SMS is not set up (choose the provider and save its
            token).
          </li>
        ) : null}
      </ul>
      <p>They are sent once the way they need is set up.</p>
      <Link to="/admin/messages" className="backup-warnings__link">
        Open E-mail and SMS
      </Link>
    </section>
  );
}
