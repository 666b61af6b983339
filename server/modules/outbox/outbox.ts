import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '#common/email.ts';
import { type MessageChannel, NEPALI_MOBILE_PATTERN } from '#common/messages.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import { insertMessage } from './outbox.repository.ts';

/** A message to send, as a service's event hands it to the outbox. */
export interface OutgoingMessage {
  channel: MessageChannel;
  /** An e-mail address, or a 10-digit Nepali mobile number for an SMS. */
  recipient: string;
  language: SiteLanguage;
  /** E-mail only (an SMS has none). */
  subject?: string;
  text: string;
  /** E-mail only: the same words as simple HTML. */
  html?: string;
  /** What caused it, as `kind:id`: 'inquiry-alert:<inquiry id>', 'application-needs-correction:<application id>'. */
  event: string;
  /** The event's time, from the caller's clock. */
  at: Date;
}

const MALFORMED: Record<MessageChannel, string> = {
  email: 'Not sent: the recipient is not a valid e-mail address.',
  sms: 'Not sent: the recipient is not a 10-digit Nepali mobile number.',
};

const wellFormed = (channel: MessageChannel, recipient: string) =>
  channel === 'email' ? isEmailAddress(recipient) : NEPALI_MOBILE_PATTERN.test(recipient);

/**
 * Writes a message to the outbox inside the caller's transaction, so it exists exactly when the event
 * does (a rolled-back event leaves no message, a committed one never loses it); the background sender
 * sends it later, and nothing here waits for a mail server. A recipient that cannot be a valid address
 * is recorded as failed, with the reason, rather than tried. Returns the message's id.
 */
export async function enqueue(trx: Db, message: OutgoingMessage): Promise<string> {
  const id = randomUUID();
  const now = message.at.toISOString();
  const recipient = message.recipient.trim();
  const ok = wellFormed(message.channel, recipient);
  await insertMessage(trx, {
    id,
    channel: message.channel,
    recipient,
    language: message.language,
    subject: message.subject ?? '',
    text: message.text,
    html: message.html ?? '',
    state: ok ? 'queued' : 'failed',
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    claim: null,
    last_answer: ok ? '' : MALFORMED[message.channel],
    event: message.event,
    created_at: now,
    sent_at: null,
  });
  return id;
}
