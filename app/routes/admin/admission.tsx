import { redirect, useActionData } from 'react-router';
import { roleMay } from '#common/policy.ts';
import { AdmissionForm } from '#app/components/admin/admission-form.tsx';
import { SetupChecklist } from '#app/components/admin/setup-checklist.tsx';
import { adminAction } from '#app/lib/admin-action.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import { setAdmissionStatus } from '#app/lib/admin-writes.server.ts';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/admission';

const APPLICATIONS_PATH = '/admin/applications';

export const meta: Route.MetaFunction = () => adminMeta('Admission status');

// The status is public (the home page shows it): the page shows again after a post refused for an ended
// session, without the setup checklist, which only a signed-in admin sees.
export async function loader({ context }: Route.LoaderArgs) {
  // The admin's first page after signing in: an account whose role handles applications and not this
  // status (the admissions office) is taken to where it works instead of a refusal.
  const actor = await context.currentActor();
  if (actor && !roleMay(actor.role, 'admission.edit') && roleMay(actor.role, 'applications.read')) {
    throw redirect(APPLICATIONS_PATH);
  }
  const admin = await permissionOrEndedWrite(context, 'admission.edit');
  return {
    status: await context.services.admission.get(),
    checklist: admin ? await context.services.content.checklist() : null,
  };
}

export const action = (args: Route.ActionArgs) => adminAction(args, { status: setAdmissionStatus });

export default function AdmissionPage({ loaderData }: Route.ComponentProps) {
  const { status, checklist } = loaderData;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="admission-title">
      <header className="admin-page__header">
        <div>
          <h1 id="admission-title">Admission status</h1>
          <p className="admin-page__lead">The heading of the admissions block on the home page.</p>
        </div>
      </header>
      {checklist ? <SetupChecklist checklist={checklist} /> : null}
      {/* Keyed on the stored value, so the form starts again from it after every save. */}
      <AdmissionForm key={status} current={status} pageResult={pageResult} />
    </section>
  );
}
