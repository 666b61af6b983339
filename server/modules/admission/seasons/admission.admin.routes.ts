import { AdmissionChoiceSchema, PublicAdmissionSchema } from '#common/admission/admission.ts';
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
        summary:
          "Set the admission status by hand: with a season published, that season's override (an owner's act; '' follows its dates); with none, 'ADMISSION ENQUIRY' or 'ADMISSION OPEN'. Answers what the public sees then",
        body: AdmissionChoiceSchema,
        response: { 200: PublicAdmissionSchema },
      },
    },
    async (request) => app.services.admission.choose(await requestActor(request), request.body.status),
  );
};
