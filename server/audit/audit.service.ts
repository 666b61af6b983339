import { AUDIT_PAGE_SIZE, type AuditChange, type AuditKind, type AuditPage, type AuditQuery } from '#common/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { type Clock, isoAfter } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import * as repo from './audit.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit log as owners read it, and its pruning after `keepDays`. */
export function createAuditService(db: Db, { keepDays }: { keepDays: number }, clock: Clock) {
  return {
    /** One page, newest first; a page past the end is empty (its number still says where it is). */
    async page(actor: Actor, { page, person, kind }: AuditQuery, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
      authorize(actor, 'audit.read');
      const filter = { person, kind };
      const [total, rows, people] = await Promise.all([
        repo.countAuditEntries(db, filter),
        repo.listAuditEntries(db, filter, pageSize, (page - 1) * pageSize),
        repo.listAuditPeople(db),
      ]);
      return {
        entries: rows.map((r) => ({
          id: r.id,
          at: r.at,
          actor: r.actor_name,
          kind: r.kind as AuditKind,
          subject: r.subject,
          address: r.address,
          changes: r.changes ? (JSON.parse(r.changes) as AuditChange[]) : [],
        })),
        page,
        pageCount: Math.max(1, Math.ceil(total / pageSize)),
        total,
        people,
      };
    },
    /** Deletes what is older than the kept days; returns how many entries went. */
    prune: (now = clock.now()) => repo.deleteAuditEntriesBefore(db, isoAfter(now, -(keepDays * DAY_MS))),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
