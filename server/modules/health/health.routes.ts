import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BACKUP_WARNING_CODES } from '#common/backups.ts';
import type { Actor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';
import { readRelease } from '#server/release.ts';
import { pingDatabase } from './health.repository.ts';
import { showsDetails } from './health-access.ts';

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
 * The backups' facts for a monitor, without file names or folders: when the last
 * good backup ended, the last drill, the free disk, and the warnings the owner sees, by code.
 */
const BackupHealthSchema = z.object({
  lastGoodAt: z.string().nullable(),
  lastDrill: z.object({ at: z.string(), ok: z.boolean() }).nullable(),
  diskFreeBytes: z.number(),
  diskTotalBytes: z.number(),
  warnings: z.array(z.enum(BACKUP_WARNING_CODES)),
});

const UploadsHealthSchema = z.object({
  turns: z.number().int(),
  running: z.number().int(),
  arriving: z.number().int(),
  waiting: z.number().int(),
  longestWaitSeconds: z.number().int(),
  saturated: z.boolean(),
});

/**
 * Everyone gets the status, whether the database answers and the release; the figures (backups, free disk,
 * outbox, the upload line) only a signed-in owner or a monitor holding HEALTH_TOKEN (health-access.ts).
 */
const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'draining', 'unavailable', 'damaged']),
  database: z.boolean(),
  /** The commit of the release folder the process runs in (written by `npm run upgrade`), or null. */
  release: z.string().nullable().optional(),
  backups: BackupHealthSchema.optional(),
  /**
   * Messages of the outbox not yet sent nor given up, and the age of the oldest in seconds (null: none);
   * `waitingForSetUp`: of those, the ones that cannot leave because their channel (e-mail, SMS) is not set up.
   */
  outbox: z
    .object({
      backlog: z.number().int().min(0),
      oldestSeconds: z.number().int().min(0).nullable(),
      waitingForSetUp: z.object({ email: z.number().int().min(0), sms: z.number().int().min(0) }).optional(),
    })
    .optional(),
  /** The page forms with files: their turns, and whether forms wait for one longer than a few seconds. */
  uploads: UploadsHealthSchema.optional(),
  /** Applicants' documents accepted and waiting to be drawn, and the age of the oldest in seconds (null: none). */
  documents: z
    .object({ waiting: z.number().int().min(0), oldestSeconds: z.number().int().min(0).nullable() })
    .optional(),
});
type Health = z.infer<typeof HealthSchema>;

const HEALTH_FIGURES: Actor = { kind: 'system', job: 'health figures' };

async function backupFacts(app: FastifyInstance): Promise<z.infer<typeof BackupHealthSchema>> {
  // Asked only once showsDetails let the caller see the figures (an owner, or a monitor holding HEALTH_TOKEN).
  const s = await app.services.backups.status(HEALTH_FIGURES);
  return {
    lastGoodAt: s.lastGood?.finishedAt ?? null,
    lastDrill: s.lastDrill ? { at: s.lastDrill.at, ok: s.lastDrill.ok } : null,
    diskFreeBytes: s.disk.freeBytes,
    diskTotalBytes: s.disk.totalBytes,
    warnings: s.warnings.map((w) => w.code),
  };
}

/** Health routes; `token` is HEALTH_TOKEN, which lets a monitor read the figures. */
export const healthRoutes =
  (token: string | undefined): ApiPlugin =>
  async (app) => {
    const release = readRelease(process.cwd())?.commit ?? null;
    app.get(
      '/health',
      {
        schema: {
          tags: ['ops'],
          summary:
            'Readiness: 200 when the database answers ("degraded" while forms with files wait long for a turn), 503 while the process drains before it stops or once the database file was found damaged',
          description:
            'A backup warning (stale, failed, a failed drill, a nearly full disk) does not make the site unready: ' +
            '`backups.warnings` lists them for a monitor. The figures (backups, outbox, uploads, documents) are sent only to a ' +
            'signed-in owner or with `Authorization: Bearer HEALTH_TOKEN`.',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (request, reply) => {
        const detailed = await showsDetails(request, token);
        let database = true;
        let outbox: Health['outbox'];
        let documents: Health['documents'];
        try {
          await pingDatabase(app.services.db);
          const { count, oldest } = await app.services.messages.backlog();
          const age = oldest ? (app.services.clock.now().getTime() - new Date(oldest).getTime()) / 1000 : null;
          outbox = { backlog: count, oldestSeconds: age === null ? null : Math.max(0, Math.round(age)) };
          if (detailed) {
            documents = await app.services.documentQueue.depth();
            outbox.waitingForSetUp = await app.services.messages.waitingForSetUp();
          }
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          database = false;
        }
        const uploads = app.uploadGate?.load();
        const figures = (more: Partial<Health>): Partial<Health> =>
          detailed ? { outbox, uploads, documents, ...more } : {};
        // A load balancer stops sending new requests here; the ones in flight still finish.
        if (app.readiness.draining) return reply.status(503).send({ status: 'draining', database, ...figures({}) });
        if (!database) return reply.status(503).send({ status: 'unavailable', database });
        // A damaged file answers the ping while pages reading its damaged pages fail: the site is not healthy.
        if (app.services.damage?.found) return reply.status(503).send({ status: 'damaged', database: false });
        // Forms with files queue behind full turns: the site answers, slowly for uploads. Still 200, as a backup
        // warning is: taking the only server out of a balancer would help no one.
        const status = uploads?.saturated ? ('degraded' as const) : ('ok' as const);
        if (!detailed) return { status, database, release };
        let backups: Health['backups'];
        try {
          backups = await backupFacts(app);
        } catch (err) {
          request.log.error({ err }, 'health check: the backup facts cannot be read');
        }
        return { status, database, release, ...figures(backups ? { backups } : {}) };
      },
    );
  };
