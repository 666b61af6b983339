import { AdmissionResponseSchema } from '#common/admission.ts';
import type { ApiPlugin } from '#server/http.ts';
import { requestActor } from '#server/auth/actor.ts';

/** The admission status for signed-in admins, under /api/admin. */
export const adminAdmissionRoutes: ApiPlugin = async (app) => {
  app.put(
    '/admission',
    {
      config: { action: 'admission.edit' },
      schema: {
        tags: ['admin'],
        summary: "Set the admission status ('ADMISSION ENQUIRY' or 'ADMISSION OPEN')",
        body: AdmissionResponseSchema,
        response: { 200: AdmissionResponseSchema },
      },
    },
    async (request) => ({ status: await app.services.admission.set(await requestActor(request), request.body.status) }),
  );
};
