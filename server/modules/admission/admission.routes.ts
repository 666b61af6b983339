import { AdmissionResponseSchema } from '#common/admission.ts';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicAdmissionRoutes: ApiPlugin = async (app) => {
  app.get(
    '/admission',
    {
      config: { responseCache: true },
      schema: { tags: ['public'], summary: 'The admission status', response: { 200: AdmissionResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return { status: await app.services.admission.get() };
    },
  );
};
