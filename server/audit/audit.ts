import { randomUUID } from 'node:crypto';
import type { AuditChange, AuditKind } from '#common/audit.ts';
import { type Actor, auditNameOf } from '#server/auth/actor.ts';
import type { Db } from '#server/db/db.ts';
import { insertAuditEntry } from './audit.repository.ts';

/**
 * Someone who is not yet a signed-in actor: the account named in a sign-in, a failed one or a sign-out,
 * with the address it came from.
 */
export interface AccountAtDoor {
  kind: 'account';
  /** Null for an e-mail address that names no account (a failed sign-in). */
  id: string | null;
  name: string;
  address: string;
}

export interface AuditEvent {
  kind: AuditKind;
  /** What was changed: the item's title or name. Never a password, code or token. */
  subject: string;
  /** What changed, field by field (see fieldChanges); never a secret. */
  changes?: AuditChange[];
}

const SUBJECT_MAX = 500;
const CHANGE_VALUE_MAX = 300;

/**
 * The log is read newest first by its time: entries this process writes one after another get times
 * that keep their order, even within one millisecond (or under a test's stopped clock).
 */
let lastAtMs = 0;
function entryTime(at: Date): string {
  lastAtMs = Math.max(at.getTime(), lastAtMs + 1);
  return new Date(lastAtMs).toISOString();
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Records a change in the audit log, naming who made it. The service that makes the change calls it with
 * the transaction that makes it, so the change and its entry commit together or not at all:
 *
 *   await db.transaction().execute(async (trx) => {
 *     await repo.insertNotice(trx, row);
 *     await audit(trx, actor, { kind: 'notice-created', subject: row.title }, now);
 *   });
 */
export async function audit(trx: Db, actor: Actor | AccountAtDoor, event: AuditEvent, at: Date): Promise<void> {
  const who = actor.kind === 'account' ? { id: actor.id, name: actor.name } : auditNameOf(actor);
  const address =
    actor.kind === 'staff' || actor.kind === 'account' || actor.kind === 'applicant' || actor.kind === 'public'
      ? actor.address
      : 'local';
  const changes = (event.changes ?? []).map((c) => ({
    field: c.field,
    from: clip(c.from, CHANGE_VALUE_MAX),
    to: clip(c.to, CHANGE_VALUE_MAX),
  }));
  await insertAuditEntry(trx, {
    id: randomUUID(),
    at: entryTime(at),
    actor_id: who.id,
    actor_name: who.name,
    kind: event.kind,
    subject: clip(event.subject, SUBJECT_MAX),
    address: address.slice(0, 64),
    changes: changes.length > 0 ? JSON.stringify(changes) : '',
  });
}

/**
 * The fields whose values differ between two versions of a record, in the order of `labels` (which also
 * names them as the office reads them). Fields not in `labels` (secrets, internal ids) are never listed.
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T,
  after: T,
  labels: Partial<Record<keyof T & string, string>>,
): AuditChange[] {
  const text = (value: unknown) =>
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return Object.entries(labels).flatMap(([key, field]) => {
    const from = text(before[key]);
    const to = text(after[key]);
    return from === to ? [] : [{ field: field as string, from, to }];
  });
}
