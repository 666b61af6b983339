import { randomUUID } from 'node:crypto';
import { type Notice, type NoticeInput, NoticeInputSchema } from '#common/notice.ts';
import { type Db, nowIso } from '#server/db/db.ts';
import type { NoticeRow } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import * as repo from './notices.repository.ts';

export function toNotice(row: NoticeRow): Notice {
  return { id: row.id, title: row.title, description: row.description, link: row.link, createdDate: row.created_at };
}

export function createNoticesService(db: Db) {
  return {
    /** Newest first; `limit` for the home page's latest notices. */
    async list(limit?: number): Promise<Notice[]> {
      return (await repo.listNotices(db, limit)).map(toNotice);
    },
    async create(input: NoticeInput, createdAt = nowIso()): Promise<Notice> {
      const parsed = NoticeInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid notice.');
      const row = { id: randomUUID(), ...parsed.data, created_at: createdAt };
      await repo.insertNotice(db, row);
      return toNotice(row);
    },
    async remove(id: string): Promise<void> {
      if (!(await repo.deleteNotice(db, id))) throw notFound('notice');
    },
    count: () => repo.countNotices(db),
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
