import { sql } from 'kysely';
import type { MessageChannel, MessageState } from '#common/messages.ts';
import { type Db, isPostgres } from '#server/db/db.ts';
import type { OutboxMessageRow, OutboxMessagesTable } from '#server/db/schema.ts';

export async function insertMessage(db: Db, row: OutboxMessagesTable): Promise<void> {
  await db.insertInto('outbox_messages').values(row).execute();
}

/**
 * Takes up to `limit` messages that are due (queued or retrying with their time come, or left 'sending'
 * by a process whose lease ran out) for one claim, in one statement: on PostgreSQL the rows are locked
 * with SKIP LOCKED, so two processes never take the same message; SQLite runs one write at a time.
 */
export async function claimDue(
  db: Db,
  opts: { now: string; leaseUntil: string; claim: string; limit: number; channels: readonly MessageChannel[] },
): Promise<OutboxMessageRow[]> {
  if (opts.channels.length === 0) return [];
  const due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where('channel', 'in', opts.channels)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', ['queued', 'retrying']), eb('next_attempt_at', '<=', opts.now)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<=', opts.now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(opts.limit);
  const locked = isPostgres(db) ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('outbox_messages')
    .set({
      state: 'sending',
      lease_until: opts.leaseUntil,
      claim: opts.claim,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', locked)
    .returningAll()
    .execute();
}

/**
 * Records the outcome of one try, and the message's words when they change (a secret removed once sent);
 * only the claim that took the message may (false: it was taken again).
 */
export async function finishAttempt(
  db: Db,
  id: string,
  claim: string,
  outcome: Pick<OutboxMessagesTable, 'state' | 'last_answer' | 'next_attempt_at' | 'sent_at'> &
    Partial<Pick<OutboxMessagesTable, 'text' | 'html'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ ...outcome, lease_until: null, claim: null })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A failed message queued again for one more try; false when it is not failed (or gone). */
export async function requeueFailed(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox_messages')
    .set({ state: 'queued', next_attempt_at: now, attempts: 0 })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findMessage(db: Db, id: string): Promise<OutboxMessageRow | undefined> {
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listMessages(db: Db, opts: { limit: number; offset: number }): Promise<OutboxMessageRow[]> {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
}

export function findMessagesByIds(db: Db, ids: readonly string[]): Promise<OutboxMessageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('outbox_messages').selectAll().where('id', 'in', ids).execute();
}

/** Messages not yet delivered nor given up, and when the oldest of them was written. */
export async function backlog(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('state', 'in', ['queued', 'sending', 'retrying'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}

/** Messages not yet delivered nor given up (queued, or waiting another try), per channel. */
export async function undeliveredByChannel(db: Db): Promise<Record<MessageChannel, number>> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select((eb) => ['channel', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['queued', 'retrying'])
    .groupBy('channel')
    .execute();
  const counts: Record<MessageChannel, number> = { email: 0, sms: 0 };
  for (const row of rows) counts[row.channel] = Number(row.n);
  return counts;
}

/** Messages given up (failed), which the office may send again. */
export async function countFailed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages queued for one event at one instant (a step's `application-<step>:<id>` and when it ran). */
export const messagesOfEvent = (db: Db, event: string, createdAt: string) =>
  db
    .selectFrom('outbox_messages')
    .select(['id', 'state', 'sent_at', 'created_at'])
    .where('event', '=', event)
    .where('created_at', '=', createdAt)
    .execute();

/** Cancels the messages named that are still in one of `fromStates`: kept with `answer`, never sent. */
export async function cancelMessages(
  db: Db,
  ids: string[],
  fromStates: readonly MessageState[],
  answer: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox_messages')
    .set({ state: 'cancelled', last_answer: answer })
    .where('id', 'in', ids)
    .where('state', 'in', fromStates)
    .execute();
}

/** Deletes the messages of one event at one instant that the sender has neither claimed nor sent. */
export async function deleteUntakenMessages(db: Db, event: string, createdAt: string): Promise<void> {
  await db
    .deleteFrom('outbox_messages')
    .where('event', '=', event)
    .where('created_at', '=', createdAt)
    .where('claim', 'is', null)
    .where('sent_at', 'is', null)
    .execute();
}
