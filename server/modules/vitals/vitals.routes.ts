import { z } from 'zod';
import { VitalsBeaconSchema } from '#common/vitals/vitals-schema.ts';
import type { ApiPlugin } from '#server/http.ts';

/**
 * POST /api/vitals: the browser's beacon (navigator.sendBeacon with a JSON Blob) after a sampled page
 * load. No cookie is read or set and no address is stored: the address only feeds the rate limit.
 */
export const publicVitalsRoutes: ApiPlugin = async (app) => {
  app.post(
    '/vitals',
    {
      // A beacon is a route pattern and four numbers: anything much larger is not one.
      bodyLimit: 2048,
      schema: {
        tags: ['public'],
        summary: 'Report the Core Web Vitals of one page load (LCP, INP, CLS, TTFB)',
        body: VitalsBeaconSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.services.vitals.record(request.body, request.ip);
      return reply.status(204).send(null);
    },
  );
};
