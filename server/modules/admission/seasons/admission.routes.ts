import { PublicAdmissionSchema } from '#common/admission/admission.ts';
import { SeasonViewSchema } from '#common/admission/admission-season.ts';
import { notFound } from '#server/errors.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicAdmissionRoutes: ApiPlugin = async (app) => {
  app.get(
    '/admission',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: "The admission status now: a published season's by its dates in Nepal time, else the manual switch",
        response: { 200: PublicAdmissionSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return app.services.admission.current();
    },
  );

  app.get(
    '/admission/season',
    {
      config: { responseCache: true },
      schema: {
        tags: ['public'],
        summary: 'The published admission season: dates (B.S.), programmes, fees, eligibility, scholarship quota',
        response: { 200: SeasonViewSchema },
      },
    },
    async (_request, reply) => {
      const view = await app.services.seasons.publicSeason();
      if (!view) throw notFound('admission season');
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return view;
    },
  );
};
