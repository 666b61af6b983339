import { createHash } from 'node:crypto';
import { NEPAL_OFFSET_MINUTES } from '#common/dates/bs-date.ts';
import { mailboxKey } from '#common/email.ts';
import type { MessageChannel } from '#common/messages.ts';
import type { Db } from '#server/db/db.ts';
import { reserve } from '#server/rate-limit/rate-limit.repository.ts';
import { enqueue, type OutgoingMessage, wellFormed } from './outbox.ts';

/**
 * Messages a public form may cause to one mobile number or one mailbox in a Nepal day, whoever sends the
 * forms and from wherever. A family needs one or two (an application and its correction, a forgotten
 * password asked for twice); a stranger typing someone else's number gets no more than that through.
 */
export const PUBLIC_MESSAGES_PER_DAY = 2;

export const HELD_BACK: Record<MessageChannel, string> = {
  sms: 'Held back: too many messages to this number today.',
  email: 'Held back: too many messages to this address today.',
};

const DAY_MS = 86_400_000;
const NEPAL_OFFSET_MS = NEPAL_OFFSET_MINUTES * 60_000;

/** Milliseconds from `now` to the next midnight in Nepal, when a recipient's allowance starts again. */
export function msToNepalMidnight(now: Date): number {
  const local = now.getTime() + NEPAL_OFFSET_MS;
  return DAY_MS - (((local % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * One recipient however it is written (a mailbox without case or `+tag`, a number as sent), hashed: the
 * counters keep no address, and an address of 320 characters still makes a key of the table's 300.
 */
const recipientKey = (channel: MessageChannel, recipient: string) => {
  const who = channel === 'email' ? mailboxKey(recipient) : recipient.trim();
  return `public-message:${channel}:${createHash('sha256').update(who).digest('hex')}`;
};

/**
 * Takes one of the recipient's PUBLIC_MESSAGES_PER_DAY for this Nepal day, or false when all are taken. The
 * count is the recipient's, not the sender's address's, so no number of addresses sends more; it is taken
 * in the caller's transaction, so a rolled-back form takes nothing. For a caller that must know before it
 * writes the message (a reset link is made only to be sent); others use queuePublicMessage.
 */
export async function takePublicAllowance(trx: Db, channel: MessageChannel, recipient: string, at: Date) {
  const key = recipientKey(channel, recipient);
  return (await reserve(trx, key, PUBLIC_MESSAGES_PER_DAY, msToNepalMidnight(at), at)) !== null;
}

/**
 * Writes a message caused by a public visitor's form (an application's confirmation, a forgotten password's
 * link, an access key sent again) inside the caller's transaction, as `enqueue` does, unless its recipient
 * has had PUBLIC_MESSAGES_PER_DAY of them this Nepal day: then it is written 'held', with the reason, and
 * never sent; the office sees it in the delivery log. A malformed recipient takes nothing (the message is
 * recorded as failed). Messages the office causes use `enqueue`. Nothing here may reach the visitor's
 * answer: whether a message was held tells a stranger what others sent.
 */
export async function queuePublicMessage(trx: Db, message: OutgoingMessage): Promise<{ id: string; held: boolean }> {
  const ok = wellFormed(message.channel, message.recipient.trim());
  const held = ok && !(await takePublicAllowance(trx, message.channel, message.recipient, message.at));
  return { id: await enqueue(trx, message, held ? HELD_BACK[message.channel] : ''), held };
}
