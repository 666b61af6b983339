import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageChannel } from '#common/messages.ts';
import { type Clock, isoAfter } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { createJobLoop } from '#server/jobs/job-loop.ts';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import type { Courier, Delivery } from './delivery.ts';
import { claimDue, finishAttempt } from './outbox.repository.ts';
import { holdsSecret, REDACTED } from './secret-messages.ts';

const MINUTE = 60_000;

/** The wait after each failed try: growing from a minute to half a day, about 22 hours in all. */
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360, 720].map((m) => m * MINUTE);
/** Tries before a message is given up as failed. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a sender holds a message it took. Far longer than one SMTP or SMS conversation may last
 * (30 s, 20 s), so a live sender always finishes first; a message held by a process that died is taken
 * again once it runs out.
 */
export const LEASE_MS = 5 * MINUTE;
/** How often the sender looks for due messages when nothing wakes it. */
export const POLL_MS = 5_000;
const BATCH = 20;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface OutboxSenderOptions {
  db: Db;
  clock: Clock;
  log: Log;
  /** The couriers available now (read before each round: the owner may set SMS up at any time). */
  couriers: () => Promise<Partial<Record<MessageChannel, Courier>>>;
}

export interface RoundReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Results another sender had already recorded (this one's lease ran out meanwhile). */
  lost: number;
}

/** Where a try leaves the message; a sent message's link or key is not kept (secret-messages.ts). */
function outcomeOf(row: OutboxMessageRow, delivery: Delivery, now: Date) {
  if (delivery.outcome === 'sent')
    return {
      state: 'sent' as const,
      last_answer: delivery.answer,
      next_attempt_at: row.next_attempt_at,
      sent_at: now.toISOString(),
      ...(holdsSecret(row.event) ? REDACTED : {}),
    };
  if (delivery.outcome === 'refused' || row.attempts >= MAX_ATTEMPTS) {
    const gaveUp = delivery.outcome === 'refused' ? '' : ` (given up after ${row.attempts} tries)`;
    return {
      state: 'failed' as const,
      last_answer: `${delivery.answer}${gaveUp}`,
      next_attempt_at: row.next_attempt_at,
      sent_at: null,
    };
  }
  const delay = RETRY_DELAYS_MS[row.attempts - 1] ?? RETRY_DELAYS_MS.at(-1)!;
  return {
    state: 'retrying' as const,
    last_answer: delivery.answer,
    next_attempt_at: isoAfter(now, delay),
    sent_at: null,
  };
}

/**
 * The background sender: takes due messages in small batches under a lease and a claim of its own, sends
 * each once, and records what happened. Several senders (processes) may share one database.
 */
export function createOutboxSender({ db, clock, log, couriers }: OutboxSenderOptions) {
  async function sendOne(row: OutboxMessageRow, courier: Courier, claim: string, report: RoundReport) {
    let delivery: Delivery;
    try {
      delivery = await courier.send(row);
    } catch (err) {
      log.error({ err, messageId: row.id }, 'outbox: sending a message threw');
      delivery = { outcome: 'failed', answer: `Unexpected fault: ${(err as Error).message}` };
    }
    const outcome = outcomeOf(row, delivery, clock.now());
    if (!(await finishAttempt(db, row.id, claim, outcome))) {
      report.lost += 1;
      log.warn({ messageId: row.id }, 'outbox: the lease ran out before the result was recorded');
      return;
    }
    report[outcome.state] += 1;
    const entry = { messageId: row.id, channel: row.channel, event: row.event.split(':')[0], attempts: row.attempts };
    if (outcome.state === 'sent') log.info(entry, 'outbox: message sent');
    else log.warn({ ...entry, state: outcome.state }, 'outbox: message not sent');
  }

  /** Sends everything due now (the loop joins a round already under way rather than doubling it). */
  async function round(): Promise<RoundReport> {
    const report: RoundReport = { sent: 0, retrying: 0, failed: 0, lost: 0 };
    const available = await couriers();
    const channels = (Object.keys(available) as MessageChannel[]).filter((c) => available[c]);
    for (;;) {
      const now = clock.now();
      const claim = randomUUID();
      const rows = await claimDue(db, {
        now: now.toISOString(),
        leaseUntil: isoAfter(now, LEASE_MS),
        claim,
        limit: BATCH,
        channels,
      });
      if (rows.length === 0) return report;
      for (const row of rows) await sendOne(row, available[row.channel]!, claim, report);
    }
  }

  const loop = createJobLoop({
    name: 'outbox',
    tick: round,
    intervalMs: POLL_MS,
    clock,
    log,
    failure: 'outbox: a sending round failed; it runs again',
  });

  return {
    runOnce: loop.runOnce,
    /** Polls every `intervalMs` from now on (server/main.ts); tests call runOnce instead. */
    start: (intervalMs = POLL_MS) => loop.start(intervalMs),
    /** A round at once, when started: called after a transaction that queued messages has committed. */
    wake: loop.wake,
  };
}
export type OutboxSender = ReturnType<typeof createOutboxSender>;
