import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '#common/email.ts';
import { type MessageChannel, NEPALI_MOBILE_PATTERN } from '#common/messages.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import { insertMessage } from './outbox.repository.ts';
import { holdsSecret, REDACTED_HELD } from './secret-messages.ts';

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

/** Whether the recipient can be an address of the channel at all (one that is not is never tried). */
export const wellFormed = (channel: MessageChannel, recipient: string) =>
  channel === 'email' ? isEmailAddress(recipient) : NEPALI_MOBILE_PATTERN.test(recipient);

/**
 * Writes a message to the outbox inside the caller's transaction, so it exists exactly when the event
 * does (a rolled-back event leaves no message, a committed one never loses it); the background sender
 * sends it later, and nothing here waits for a mail server. A recipient that cannot be a valid address
 * is recorded as failed, with the reason, rather than tried. A message `heldBecause` (public-messages.ts)
 * is recorded as held, with that reason: the sender never takes it, so a link or key in it is not kept
 * (secret-messages.ts). Returns the message's id.
 */
export async function enqueue(trx: Db, message: OutgoingMessage, heldBecause = ''): Promise<string> {
  const id = randomUUID();
  const now = message.at.toISOString();
  const recipient = message.recipient.trim();
  const ok = wellFormed(message.channel, recipient);
  const state = !ok ? 'failed' : heldBecause ? 'held' : 'queued';
  const words = state === 'held' && holdsSecret(message.event) ? REDACTED_HELD : message;
  await insertMessage(trx, {
    id,
    channel: message.channel,
    recipient,
    language: message.language,
    subject: message.subject ?? '',
    text: words.text,
    html: words.html ?? '',
    state,
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    claim: null,
    last_answer: !ok ? MALFORMED[message.channel] : heldBecause,
    event: message.event,
    created_at: now,
    sent_at: null,
  });
  return id;
}
