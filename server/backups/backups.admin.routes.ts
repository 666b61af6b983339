import fs from 'node:fs';
import { z } from 'zod';
import { BACKUP_WARNING_CODES } from '#common/backups.ts';
import { requestActor } from '#server/auth/actor.ts';
import { notFound } from '#server/errors.ts';
import { DrillSchema, RunSchema } from './backup-state.ts';
import type { ApiPlugin } from '#server/http.ts';

export const BackupStatusSchema = z.object({
  scheduled: z.boolean(),
  folder: z.string(),
  time: z.string(),
  nextAt: z.string().nullable(),
  backups: z.array(
    z.object({
      name: z.string(),
      createdAt: z.string(),
      bytes: z.number(),
      checked: z.boolean(),
      sha256: z.string().optional(),
      keptAs: z.array(z.enum(['daily', 'weekly', 'monthly'])),
    }),
  ),
  lastGood: RunSchema.nullable(),
  lastRun: RunSchema.nullable(),
  lastDrill: DrillSchema.nullable(),
  offsite: z.object({ bucket: z.string(), lastCopyAt: z.string().nullable() }).nullable(),
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number() }),
  warnings: z.array(z.object({ code: z.enum(BACKUP_WARNING_CODES), message: z.string() })),
});

const NameParams = z.object({ name: z.string().max(100) });

/** The backups for owners, under /api/admin (the admin page reads and writes through the same functions). */
export const adminBackupsRoutes: ApiPlugin = async (app) => {
  app.get(
    '/backups',
    {
      config: { action: 'backups.manage' },
      schema: {
        tags: ['admin'],
        summary: 'The backups with their checks, the last drill, free disk space and the warnings',
        response: { 200: BackupStatusSchema },
      },
    },
    async (request) => app.services.backups.status(await requestActor(request)),
  );

  app.post(
    '/backups',
    {
      config: { action: 'backups.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Make a backup now (checked, recorded, audited); ok false says why it was not made',
        response: { 200: RunSchema },
      },
    },
    async (request) => app.services.backupAdmin.backUpNow(await requestActor(request)),
  );

  app.get(
    '/backups/:name',
    {
      config: { action: 'backups.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Download one backup archive (audited)',
        params: NameParams,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const file = await app.services.backupAdmin.backupForDownload(await requestActor(request), name);
      if (!file) throw notFound('backup');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    },
  );
};
