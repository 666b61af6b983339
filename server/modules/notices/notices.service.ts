import { randomUUID } from 'node:crypto';
import {
  NOTICE_GONE_MESSAGE,
  type Notice,
  type NoticeData,
  type NoticeInput,
  NoticeInputSchema,
} from '#common/notices/notice.ts';
import { ADMIN_NOTICES_PAGE_SIZE, NOTICES_PAGE_SIZE } from '#common/limits.ts';
import { pageWindow } from '#common/paging.ts';
import { nepalToday } from '#common/dates/nepal-time.ts';
import { audit, fieldChanges } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Attachment } from '#common/notices/notice-attachments.ts';
import { changeContent, scheduleNextChange } from '#server/cache/content-version.ts';
import { type Clock, instantOf } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { NoticeRow } from '#server/db/schema.ts';
import { badRequest, notFound, refusal } from '#server/errors.ts';
import type { AttachmentsService, CheckedAttachment } from './attachments/attachments.service.ts';
import * as repo from './notices.repository.ts';

/** A notice as shown at `now`: whether it is pinned today (Nepal) and whether its publish time is still to come. */
export function toNotice(row: NoticeRow, now: Date, attachments: Attachment[] = []): Notice {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    createdDate: row.created_at,
    category: row.category as Notice['category'],
    referenceNo: row.reference_no,
    publishAt: row.publish_at,
    pinnedUntil: row.pinned_until,
    pinned: row.pinned_until !== null && row.pinned_until >= nepalToday(now),
    scheduled: row.publish_at > now.toISOString(),
    attachments,
    language: row.language === 'ne' ? 'ne' : 'en',
    updatedAt: row.updated_at > row.publish_at ? row.updated_at : row.publish_at,
  };
}

export interface NoticePage {
  notices: Notice[];
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}

/** The first time after `now` when notices change on public pages by themselves (for the render cache). */
export const nextNoticeChange = (db: Db, now: Date) => repo.nextNoticeChange(db, now.toISOString(), nepalToday(now));

/** The fields of a notice an edit's audit entry lists, as the form names them. */
const NOTICE_FIELD_NAMES = {
  title: 'Title',
  description: 'Description',
  link: 'Link',
  category: 'Category',
  reference_no: 'Reference number',
  publish_at: 'Publish at',
  pinned_until: 'Pinned until',
  language: 'Language',
} as const;

/** Two ISO instants in the same minute (Nepal's offset is whole minutes, so UTC's minute is Nepal's). */
const sameMinute = (a: string, b: string) => a.slice(0, 16) === b.slice(0, 16);

/** Saving a notice that was deleted meanwhile (another tab, another admin). */
const noticeGone = () => refusal('not-found', NOTICE_GONE_MESSAGE);

const CHECKED = Symbol('checked notice');

/** Notice data the edge already parsed with NoticeInputSchema (the API's body schema): it is not parsed again. */
export interface CheckedNotice {
  readonly [CHECKED]: NoticeData;
}
export const checkedNotice = (data: NoticeData): CheckedNotice => ({ [CHECKED]: data });

/** What a form or a script sent (parsed here, once), or data the edge has already parsed. */
type NoticeSource = NoticeInput | CheckedNotice;

function parseInput(input: NoticeSource): NoticeData {
  if (CHECKED in input) return input[CHECKED];
  const parsed = NoticeInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid notice.');
  return parsed.data;
}

export function createNoticesService(
  db: Db,
  clock: Clock,
  attachments: AttachmentsService,
  /** When public pages next change by themselves, over every module that schedules changes. */
  nextPublicChange: (db: Db, now: Date) => Promise<string | null>,
) {
  /** The notices as shown at `now`, with their attachments read in one query for the whole list. */
  async function present(rows: NoticeRow[], now: Date): Promise<Notice[]> {
    const byNotice = await attachments.listFor(rows.map((r) => r.id));
    return rows.map((row) => toNotice(row, now, byNotice.get(row.id)));
  }
  const presentOne = async (row: NoticeRow, now: Date) => (await present([row], now))[0]!;
  const view = (category?: string) => {
    const now = clock.now();
    return { now: now.toISOString(), today: nepalToday(now), category };
  };
  /** A write to notices, with the content counter moved and the next scheduled change recorded with it. */
  const write = <T>(run: (trx: Db) => Promise<T>) =>
    changeContent(db, clock.now(), async (trx) => {
      const result = await run(trx);
      await scheduleNextChange(trx, await nextPublicChange(trx, clock.now()));
      return result;
    });
  const fields = (data: ReturnType<typeof parseInput>, now: string) => ({
    title: data.title,
    description: data.description,
    link: data.link,
    category: data.category,
    reference_no: data.referenceNo,
    publish_at: data.publishAt ?? now,
    pinned_until: data.pinnedUntil,
    language: data.language,
  });

  return {
    /** Published notices, pinned first, then newest; `limit` for the home page's latest notices. */
    async list(limit?: number): Promise<Notice[]> {
      const v = view();
      return present(await repo.listPublished(db, v, limit), instantOf(v.now));
    },
    /** One page of /notices (of one category, if given); null for a page that does not exist (there is always a first). */
    async listPage(page: number, category?: string, pageSize = NOTICES_PAGE_SIZE): Promise<NoticePage | null> {
      const v = view(category);
      const total = await repo.countPublished(db, v);
      const window = pageWindow(total, page, pageSize);
      if (!window) return null;
      const rows = await repo.listPublished(db, v, pageSize, window.offset);
      return { notices: await present(rows, instantOf(v.now)), page, pageCount: window.pageCount, pageSize, total };
    },
    /** The latest published notices by publish time (the feed). */
    async latest(limit: number): Promise<Notice[]> {
      const now = clock.now();
      return present(await repo.listLatestPublished(db, now.toISOString(), limit), now);
    },
    /** A published notice, or null (unknown, deleted or still scheduled: the public cannot tell which). */
    async getPublished(id: string): Promise<Notice | null> {
      const now = clock.now();
      const row = await repo.findNotice(db, id);
      return row && row.publish_at <= now.toISOString() ? presentOne(row, now) : null;
    },
    /** Every notice, scheduled ones included, newest publish time first (the admin's list). */
    async listAll(): Promise<Notice[]> {
      const now = clock.now();
      return present(await repo.listAllNotices(db), now);
    },
    /** One page of the admin's list (every notice, scheduled ones included); null for a page that does not exist. */
    async listAllPage(page: number, pageSize = ADMIN_NOTICES_PAGE_SIZE): Promise<NoticePage | null> {
      const now = clock.now();
      const total = await repo.countAllNotices(db);
      const window = pageWindow(total, page, pageSize);
      if (!window) return null;
      const rows = await repo.listAllNotices(db, pageSize, window.offset);
      return { notices: await present(rows, now), page, pageCount: window.pageCount, pageSize, total };
    },
    /** Any notice, scheduled ones included, or null when there is none (the admin's edit page). */
    async find(id: string): Promise<Notice | null> {
      const row = await repo.findNotice(db, id);
      return row ? presentOne(row, clock.now()) : null;
    },
    /** Any notice, for the admin; 404 when it is not there (deleted meanwhile). */
    async get(id: string): Promise<Notice> {
      const row = await repo.findNotice(db, id);
      if (!row) throw notFound('notice');
      return presentOne(row, clock.now());
    },
    /** `createdAt` (seeding, tests) also sets the default publish time. */
    async create(actor: Actor, input: NoticeSource, createdAt?: string): Promise<Notice> {
      authorize(actor, 'notices.edit');
      const data = parseInput(input);
      const now = createdAt ? instantOf(createdAt) : clock.now();
      const at = now.toISOString();
      const row = { id: randomUUID(), ...fields(data, at), created_at: at, updated_at: at };
      await write(async (trx) => {
        await repo.insertNotice(trx, row);
        await audit(trx, actor, { kind: 'notice-created', subject: row.title }, now);
      });
      return toNotice(row, now);
    },
    /**
     * A notice with its attachments, checked beforehand (`attachments.check`), as one action: the notice's row,
     * its attachments' rows and the audit entry commit together, and the files are put in place with them
     * (server/storage/store-with-commit.ts), so the public sees the notice with all its files or nothing.
     * `alsoWrite` adds rows of the caller's to that transaction (an import's record of where the notice came from).
     */
    async createWithAttachments(
      actor: Actor,
      input: NoticeSource,
      files: readonly CheckedAttachment[],
      alsoWrite?: (trx: Db, notice: { id: string; title: string }) => Promise<void>,
    ): Promise<Notice> {
      authorize(actor, 'notices.edit');
      const data = parseInput(input);
      const now = clock.now();
      const at = now.toISOString();
      const row = { id: randomUUID(), ...fields(data, at), created_at: at, updated_at: at };
      await attachments.storeWithNew(
        row.id,
        row.title,
        files,
        (insertRows) =>
          write(async (trx) => {
            await repo.insertNotice(trx, row);
            const names = await insertRows(trx, at);
            const changes = names.map((name) => ({ field: 'Attachment added', from: '', to: name }));
            await audit(trx, actor, { kind: 'notice-created', subject: row.title, changes }, now);
            await alsoWrite?.(trx, row);
          }),
        async () => {
          await write(async (trx) => {
            await attachments.removeRowsOf(trx, row.id);
            await repo.deleteNotice(trx, row.id);
          });
        },
      );
      return this.get(row.id);
    },
    /**
     * Replaces a notice's fields and records the edit's time (its publish time, and so its place in the lists,
     * stays what the form says); 404 (and nothing written) when another tab deleted it meanwhile.
     */
    async update(actor: Actor, id: string, input: NoticeSource): Promise<Notice> {
      authorize(actor, 'notices.edit');
      const data = parseInput(input);
      const now = clock.now();
      // Thrown inside the transaction, so a notice deleted meanwhile leaves everything as it was.
      await write(async (trx) => {
        const current = await repo.findNotice(trx, id);
        if (!current) throw noticeGone();
        const at = now.toISOString();
        const changed = { ...fields(data, at), updated_at: at };
        // The form shows the publish time to the minute: the same minute saved back keeps the stored instant,
        // so an edit never moves the notice behind another one published in that minute.
        if (data.publishAt !== null && sameMinute(data.publishAt, current.publish_at))
          changed.publish_at = current.publish_at;
        if (!(await repo.updateNotice(trx, id, changed))) throw noticeGone();
        await audit(
          trx,
          actor,
          {
            kind: 'notice-edited',
            subject: data.title,
            changes: fieldChanges(current, { ...current, ...changed }, NOTICE_FIELD_NAMES),
          },
          now,
        );
      });
      return this.get(id);
    },
    /** Deletes the notice and its attachments' rows together, then their files (after the commit). */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'notices.edit');
      const removeFiles = await write(async (trx) => {
        const found = await repo.findNotice(trx, id);
        if (!found || !(await repo.deleteNotice(trx, id))) throw notFound('notice');
        await audit(trx, actor, { kind: 'notice-deleted', subject: found.title }, clock.now());
        return attachments.removeRowsOf(trx, id);
      });
      await removeFiles();
    },
    count: () => repo.countNotices(db),
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
