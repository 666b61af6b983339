import { useActionData } from 'react-router';
import { roleMay } from '#common/policy.ts';
import { AdmissionForm } from '#app/admission/components/office/admission-form.tsx';
import { AdmissionStatusLine } from '#app/admission/components/office/admission-status-line.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { setAdmissionStatus } from '#app/admission/office/admission-writes.server.ts';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/admission';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Admission status', matches);

// The status is public (the home page shows it): the page shows again after a post refused for an ended
// session. The setup checklist is on Today (/admin).
export async function loader({ context }: Route.LoaderArgs) {
  const admin = await permissionOrEndedWrite(context, 'admission.edit');
  return {
    admission: await context.services.admission.current(),
    choice: await context.services.admission.choice(),
    // A published season's status is set by hand by an owner only.
    mayOverride: admin ? roleMay(admin.role, 'seasons.override') : false,
  };
}

export const action = (args: Route.ActionArgs) => adminAction(args, { status: setAdmissionStatus });

export default function AdmissionPage({ loaderData }: Route.ComponentProps) {
  const { admission, choice, mayOverride } = loaderData;
  const pageResult = useActionData<typeof action>();
  const season = admission.source.season;
  return (
    <section className="admin-page" aria-labelledby="admission-title">
      <header className="admin-page__header">
        <div>
          <h1 id="admission-title">Admission status</h1>
          <AdmissionStatusLine admission={admission} />
        </div>
      </header>
      {season && !mayOverride ? (
        <p className="admin-note">
          Season {season.name} is published: its dates decide the status, and only an owner can set it by hand.
        </p>
      ) : (
        // Keyed on what is shown and chosen, so the form starts again from them after every save.
        <AdmissionForm
          key={`${admission.status} ${choice}`}
          admission={admission}
          choice={choice}
          pageResult={pageResult}
        />
      )}
    </section>
  );
}
