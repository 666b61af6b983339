import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiPlugin } from '#server/http.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });

export const healthRoutes: ApiPlugin = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['ops'], summary: 'Readiness: 200 when the database answers', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.services.db);
        return { status: 'ok' as const, database: true };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: false });
      }
    },
  );
};
