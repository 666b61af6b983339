import { z } from 'zod';
import type { ApiPlugin } from '#server/http.ts';
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

const HealthSchema = z.object({
  status: z.enum(['ok', 'draining', 'unavailable']),
  database: z.boolean(),
  /** Messages of the outbox not yet sent nor given up, and the age of the oldest in seconds (null: none). */
  outbox: z.object({ backlog: z.number().int().min(0), oldestSeconds: z.number().int().min(0).nullable() }).optional(),
});

export const healthRoutes: ApiPlugin = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: 200 when the database answers, 503 while the process drains before it stops',
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
      return { status: 'ok' as const, database, outbox };
    },
  );
};
