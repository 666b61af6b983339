import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentKind } from '#common/admission/application.ts';
import { isUploadToken } from '#common/notices/notice-uploads.ts';
import { audit } from '#server/audit/audit.ts';
import type { Actor } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { Storage } from '#server/storage/storage.ts';
import { APPLICATION_PENDING_PREFIX } from './application-files.ts';
import * as repo from './application-pending.repository.ts';

const MB = 1024 * 1024;

/**
 * What refused forms may keep on the server, and for how long. A form needs a photo and three or four
 * documents: phone photos of a few MB each, or a PDF of up to 10 MB. Past a cap a file is not kept and the
 * form asks for it again; nothing else is refused. Kept files are deleted `keepMs` after the form last asked
 * for them, by a sweep every `sweepMs`: gone within the hour.
 */
export const PENDING_LIMITS = {
  formBytes: 24 * MB,
  /** Every form of one address (an IPv6 /64) together: a school lab's few refused forms at a time. */
  addressBytes: 40 * MB,
  keepMs: 50 * 60_000,
  sweepMs: 5 * 60_000,
} as const;

/** One file a refused form keeps: its key, the document it is for, and the name it was chosen by. */
export interface KeptDocument {
  key: string;
  kind: DocumentKind;
  name: string;
}

/** The kept files as the office's admin shows them. */
export interface KeptFilesUsage {
  files: number;
  bytes: number;
  forms: number;
  addresses: number;
  /** When the oldest was kept (null when none is). */
  oldest: string | null;
  keepMinutes: number;
  addressCapBytes: number;
}

/** "Grade Sheet (page 1).JPG" → "grade-sheet-page-1-.jpg": a key segment that still reads as the file. */
const keyName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/gu, '-')
    .replace(/^[^a-z0-9]+/u, '')
    .slice(-60) || 'file';

const pendingPrefix = (token: string) => {
  if (!isUploadToken(token)) throw new Error('Invalid upload token');
  return `${APPLICATION_PENDING_PREFIX}${token}/`;
};

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

interface Deps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  clock: Clock;
}

/**
 * Files a refused application keeps under its form's upload token
 * (`applications/pending/<token>/<kind>/<n>-<name>`), so that a browser without JavaScript, which cannot send
 * a file again, never has to choose it twice. Each has a row (written before the file) naming its form, its
 * address and its size: the caps and the expiry are counted from the rows. /media never serves them.
 */
export function createPendingDocuments({ db, storage, log, clock }: Deps) {
  const liveFrom = () => new Date(clock.now().getTime() - PENDING_LIMITS.keepMs).toISOString();

  /** Deletes files and their rows; a failure is logged (the sweep tries again) and never stops the applicant. */
  async function drop(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const gone = keys.filter((key, i) => {
      const r = results[i]!;
      if (r.status === 'rejected') log.error({ err: r.reason, key }, 'could not delete an application file');
      return r.status === 'fulfilled';
    });
    await repo.deleteFiles(db, gone);
  }

  return {
    /**
     * Keeps one file of a refused form sent from `address` (the limits' key), or answers null when it would
     * take the form or the address past its cap: then nothing is written.
     */
    async keep(token: string, address: string, kind: DocumentKind, name: string, file: Buffer) {
      const key = `${pendingPrefix(token)}${kind}/${randomUUID().slice(0, 8)}-${keyName(name)}`;
      const row = {
        key,
        upload_token: token,
        address,
        kind,
        name: keyName(name),
        bytes: file.length,
        kept_at: clock.now().toISOString(),
      };
      const caps = { formBytes: PENDING_LIMITS.formBytes, addressBytes: PENDING_LIMITS.addressBytes };
      if (!(await repo.insertWithinCaps(db, row, { ...caps, liveFrom: liveFrom() }))) return null;
      try {
        await storage.put(key, file, 'application/octet-stream');
      } catch (err) {
        await repo.deleteFiles(db, [key]);
        throw err;
      }
      return { key, kind, name: row.name } satisfies KeptDocument;
    },

    /** A form's kept files that have not expired. */
    async list(token: string): Promise<KeptDocument[]> {
      if (!isUploadToken(token)) return [];
      const rows = await repo.filesOfForm(db, token, liveFrom());
      return rows.map((r) => ({ key: r.key, kind: r.kind as DocumentKind, name: r.name }));
    },

    async read(token: string, key: string): Promise<Buffer | null> {
      if (!isUploadToken(token) || !key.startsWith(pendingPrefix(token))) return null;
      const object = await storage.get(key);
      return object ? readAll(object.body) : null;
    },

    /** The form asked for these again: each is kept `keepMs` from now (within the caps it was counted in). */
    touch: (keys: readonly string[]) => repo.touchFiles(db, keys, clock.now().toISOString()),

    drop,

    /**
     * Deletes the kept files that have expired, and files under the prefix without a row (kept before rows were
     * written, or left by a crash) once they are as old; answers how many went. Files are listed before rows
     * are read: a file is written after its row, so a file being kept now is never taken for one without.
     */
    async sweep(): Promise<number> {
      let removed = 0;
      for (;;) {
        const expired = await repo.expiredFiles(db, liveFrom(), 500);
        if (expired.length === 0) break;
        await drop(expired);
        removed += expired.length;
        if (expired.length < 500) break;
      }
      const listed = [];
      for await (const entry of storage.entries(APPLICATION_PENDING_PREFIX)) listed.push(entry);
      const known = await repo.allKeys(db);
      const cutoff = Date.now() - PENDING_LIMITS.keepMs;
      const strays = listed.filter((e) => !known.has(e.key) && e.modifiedAt.getTime() <= cutoff).map((e) => e.key);
      await drop(strays);
      return removed + strays.length;
    },

    async usage(): Promise<KeptFilesUsage> {
      return {
        ...(await repo.totals(db)),
        keepMinutes: PENDING_LIMITS.keepMs / 60_000,
        addressCapBytes: PENDING_LIMITS.addressBytes,
      };
    },

    /** An owner deletes every kept file now (audited): the forms waiting on them must choose their files again. */
    async clear(actor: Actor): Promise<{ files: number; bytes: number }> {
      const before = await repo.totals(db);
      const keys = [...(await repo.allKeys(db))];
      await drop(keys);
      const subject = `${before.files} files, ${before.bytes} bytes, of ${before.forms} refused forms`;
      await audit(db, actor, { kind: 'kept-files-cleared', subject }, clock.now());
      return { files: before.files, bytes: before.bytes };
    },
  };
}
export type PendingDocuments = ReturnType<typeof createPendingDocuments>;
