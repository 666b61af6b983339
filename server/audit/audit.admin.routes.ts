import { AuditPageSchema, AuditQuerySchema } from '#common/audit.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

/** The audit log for owners, under /api/admin (see server/modules/admin-routes.ts). */
export const adminAuditRoutes: ApiPlugin = async (app) => {
  app.get(
    '/audit',
    {
      config: { action: 'audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'One page of the audit log, newest first, filtered by person (name or e-mail) and kind',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => app.services.audit.page(await requestActor(request), request.query),
  );
};
