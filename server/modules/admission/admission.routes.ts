import { AdmissionResponseSchema } from '#common/admission.ts';
import type { ApiPlugin } from '#server/http.ts';

export const publicAdmissionRoutes: ApiPlugin = async (app) => {
  app.get(
    '/admission',
    { schema: { tags: ['public'], summary: 'The admission status', response: { 200: AdmissionResponseSchema } } },
    async () => ({ status: await app.services.admission.get() }),
  );
};
