import { randomUUID } from 'node:crypto';
import { type Notice, type NoticeInput, NoticeInputSchema } from '#common/notice.ts';
import { NOTICES_PAGE_SIZE } from '#common/limits.ts';
import { changeContent } from '#server/cache/content-version.ts';
import { type Db, nowIso } from '#server/db/db.ts';
import type { NoticeRow } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import * as repo from './notices.repository.ts';

export function toNotice(row: NoticeRow): Notice {
  return { id: row.id, title: row.title, description: row.description, link: row.link, createdDate: row.created_at };
}

export interface NoticePage {
  notices: Notice[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

export function createNoticesService(db: Db) {
  return {
    /** Newest first; `limit` for the home page's latest notices. */
    async list(limit?: number): Promise<Notice[]> {
      return (await repo.listNotices(db, limit)).map(toNotice);
    },
    /** One page of /notices, newest first; null for a page that does not exist (there is always a first). */
    async listPage(page: number, pageSize = NOTICES_PAGE_SIZE): Promise<NoticePage | null> {
      const total = await repo.countNotices(db);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
      const rows = await repo.listNotices(db, pageSize, (page - 1) * pageSize);
      return { notices: rows.map(toNotice), page, pageCount, pageSize, total };
    },
    async create(input: NoticeInput, createdAt = nowIso()): Promise<Notice> {
      const parsed = NoticeInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid notice.');
      const row = { id: randomUUID(), ...parsed.data, created_at: createdAt };
      await changeContent(db, (trx) => repo.insertNotice(trx, row));
      return toNotice(row);
    },
    async remove(id: string): Promise<void> {
      const deleted = await changeContent(db, (trx) => repo.deleteNotice(trx, id));
      if (!deleted) throw notFound('notice');
    },
    count: () => repo.countNotices(db),
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
