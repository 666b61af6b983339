import { z } from 'zod';
import { VITAL_NAMES } from '#common/vitals/vitals.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

const perMetric = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(VITAL_NAMES.map((name) => [name, schema])) as Record<(typeof VITAL_NAMES)[number], T>);

const VitalsSummarySchema = z.object({
  windows: z.array(
    z.object({
      days: z.number().int(),
      routes: z.array(
        z.object({
          route: z.string(),
          samples: perMetric(z.number().int().min(0)),
          p75: perMetric(z.number().nullable()),
        }),
      ),
    }),
  ),
});

/** The 75th percentiles for signed-in admins, under /api/admin (the admin page reads the same service). */
export const adminVitalsRoutes: ApiPlugin = async (app) => {
  app.get(
    '/vitals',
    {
      config: { action: 'vitals.read' },
      schema: {
        tags: ['admin'],
        summary: '75th percentile of each vital per route, over the last 7 and 28 days',
        response: { 200: VitalsSummarySchema },
      },
    },
    async (request) => ({ windows: await app.services.vitals.summary(await requestActor(request)) }),
  );
};
