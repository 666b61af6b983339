import { AdmissionChoiceSchema } from '#common/admission/admission.ts';
import { apiErrorMessage } from '#common/api-error.ts';
import type { AdminWrite } from '#app/lib/admin/admin-action.server.ts';
import { formText } from '#app/lib/admin/admin-form.ts';
import { ADMIN_MESSAGES, admissionUnchanged } from '#app/lib/admin/admin-messages.ts';

/** The admission status page's write (/admin/admission): the public status chosen by hand, as its JSON route does. */
export const setAdmissionStatus: AdminWrite = {
  action: 'admission.edit',
  messages: ADMIN_MESSAGES.admission,
  async run(form, services, admin) {
    const parsed = AdmissionChoiceSchema.shape.status.safeParse(formText(form, 'status'));
    if (!parsed.success) return { fieldErrors: { status: apiErrorMessage('validation') } };
    // Only a changed value is saved; the browser's button waits for a change, a form sent without it cannot.
    if (parsed.data === (await services.admission.choice())) {
      return { done: admissionUnchanged(parsed.data) };
    }
    await services.admission.choose(admin, parsed.data);
  },
};
