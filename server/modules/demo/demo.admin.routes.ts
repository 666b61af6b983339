import { DemoCountsSchema } from '#common/demo.ts';
import { requestActor } from '#server/auth/actor.ts';
import type { ApiPlugin } from '#server/http.ts';

/** The demo content of a fresh install, for owners, under /api/admin. */
export const adminDemoRoutes: ApiPlugin = async (app) => {
  const demo = app.services.demo;
  const config = { action: 'demo.remove' } as const;

  app.get(
    '/demo',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'How many demo notices, photos, texts, people and downloads are still on the site',
        response: { 200: DemoCountsSchema },
      },
    },
    async (request) => demo.counts(await requestActor(request)),
  );

  app.post(
    '/demo/removal',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Remove every demo notice, photo and default text still as shipped (audited); answers how many went',
        response: { 200: DemoCountsSchema },
      },
    },
    async (request) => demo.remove(await requestActor(request)),
  );
};
