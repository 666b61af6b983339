import { z } from 'zod';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

const UsageSchema = z.object({
  files: z.number(),
  bytes: z.number(),
  forms: z.number(),
  addresses: z.number(),
  oldest: z.string().nullable(),
  keepMinutes: z.number(),
  addressCapBytes: z.number(),
});

/**
 * The files refused application forms keep for their corrected forms, for owners under /api/admin: how many
 * and how large (the Backups page shows the same), and deleting them all now (audited). An owner's, with the
 * site's disk: the files are anyone's uploads, not yet an application.
 */
export const adminKeptFilesRoutes: ApiPlugin = async (app) => {
  const config = { action: 'backups.manage' } as const;
  app.get(
    '/kept-application-files',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Files refused application forms keep (at most an hour): how many, their bytes, forms and addresses',
        response: { 200: UsageSchema },
      },
    },
    async () => app.services.keptFiles.usage(),
  );

  app.delete(
    '/kept-application-files',
    {
      config,
      schema: {
        tags: ['admin'],
        summary:
          'Delete every file refused application forms keep (audited): those forms must choose their files again',
        response: { 200: z.object({ files: z.number(), bytes: z.number() }) },
      },
    },
    async (request) => app.services.keptFiles.clear(await requestActor(request)),
  );
};
