import { randomUUID } from 'node:crypto';
import type { AuditKind } from '#common/audit.ts';
import { currentAdmin } from '#server/auth/auth-plugin.ts';
import type { Db } from '#server/db/db.ts';
import { insertAuditEntry } from './audit.repository.ts';
import { currentRequest } from './request-context.ts';

/** Who made a change, when it is not the signed-in admin of the request (a sign-in, the command line). */
export interface AuditActor {
  id: string | null;
  name: string;
}

export interface AuditEvent {
  kind: AuditKind;
  /** What was changed: the item's title or name. Never a password, code or token. */
  subject: string;
  /** Defaults to the admin signed in on the request being handled. */
  actor?: AuditActor;
}

/** Outside a request (npm run admin, start-up) the change is the command line's. */
export const COMMAND_LINE: AuditActor = { id: null, name: 'command line' };

const SUBJECT_MAX = 500;

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the change
 * and its entry commit together or not at all:
 *
 *   await db.transaction().execute(async (trx) => {
 *     await repo.insertNotice(trx, row);
 *     await audit(trx, { kind: 'notice-created', subject: row.title });
 *   });
 *
 * Who and from which address are read from the request being handled (API route or page action).
 */
export async function audit(trx: Db, event: AuditEvent): Promise<void> {
  const request = currentRequest();
  let actor = event.actor;
  if (!actor) {
    const admin = request ? await currentAdmin(request) : null;
    actor = admin ? { id: admin.userId, name: admin.name || admin.email } : COMMAND_LINE;
  }
  const subject = event.subject.length > SUBJECT_MAX ? `${event.subject.slice(0, SUBJECT_MAX - 1)}…` : event.subject;
  await insertAuditEntry(trx, {
    id: randomUUID(),
    at: new Date().toISOString(),
    actor_id: actor.id,
    actor_name: actor.name,
    kind: event.kind,
    subject,
    address: request?.ip ?? 'local',
  });
}
