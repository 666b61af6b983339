import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BACKUP_WARNING_CODES } from '#common/backups.ts';
import type { ApiPlugin } from '#server/http.ts';
import { readRelease } from '#server/release.ts';
import { pingDatabase } from './health.repository.ts';

/** Shared by the process and the health route: set when a SIGTERM starts draining (server/main.ts). */
export interface Readiness {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * The backups' facts for a monitor, without file names or folders (the answer is public): when the last
 * good backup ended, the last drill, the free disk, and the warnings the owner sees, by code.
 */
const BackupHealthSchema = z.object({
  lastGoodAt: z.string().nullable(),
  lastDrill: z.object({ at: z.string(), ok: z.boolean() }).nullable(),
  diskFreeBytes: z.number(),
  diskTotalBytes: z.number(),
  warnings: z.array(z.enum(BACKUP_WARNING_CODES)),
});

const HealthSchema = z.object({
  status: z.enum(['ok', 'draining', 'unavailable', 'damaged']),
  database: z.boolean(),
  /** The commit of the release folder the process runs in (written by `npm run upgrade`), or null. */
  release: z.string().nullable().optional(),
  backups: BackupHealthSchema.optional(),
  /** Messages of the outbox not yet sent nor given up, and the age of the oldest in seconds (null: none). */
  outbox: z.object({ backlog: z.number().int().min(0), oldestSeconds: z.number().int().min(0).nullable() }).optional(),
});

async function backupFacts(app: FastifyInstance): Promise<z.infer<typeof BackupHealthSchema>> {
  const s = await app.services.backups.status();
  return {
    lastGoodAt: s.lastGood?.finishedAt ?? null,
    lastDrill: s.lastDrill ? { at: s.lastDrill.at, ok: s.lastDrill.ok } : null,
    diskFreeBytes: s.disk.freeBytes,
    diskTotalBytes: s.disk.totalBytes,
    warnings: s.warnings.map((w) => w.code),
  };
}

export const healthRoutes: ApiPlugin = async (app) => {
  const release = readRelease(process.cwd())?.commit ?? null;
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Readiness: 200 when the database answers, 503 while the process drains before it stops or once the database file was found damaged',
        description:
          'A backup warning (stale, failed, a failed drill, a nearly full disk) does not make the site unready: ' +
          '`backups.warnings` lists them for a monitor.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      let database = true;
      let outbox: { backlog: number; oldestSeconds: number | null } | undefined;
      try {
        await pingDatabase(app.services.db);
        const { count, oldest } = await app.services.messages.backlog();
        const age = oldest ? (app.services.clock.now().getTime() - new Date(oldest).getTime()) / 1000 : null;
        outbox = { backlog: count, oldestSeconds: age === null ? null : Math.max(0, Math.round(age)) };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        database = false;
      }
      // A load balancer stops sending new requests here; the ones in flight still finish.
      if (app.readiness.draining) return reply.status(503).send({ status: 'draining', database, outbox });
      if (!database) return reply.status(503).send({ status: 'unavailable', database });
      // A damaged file answers the ping while pages reading its damaged pages fail: the site is not healthy.
      if (app.services.damage?.found) return reply.status(503).send({ status: 'damaged', database: false });
      let backups: z.infer<typeof BackupHealthSchema> | undefined;
      try {
        backups = await backupFacts(app);
      } catch (err) {
        request.log.error({ err }, 'health check: the backup facts cannot be read');
      }
      return { status: 'ok' as const, database, release, outbox, ...(backups ? { backups } : {}) };
    },
  );
};
