import type { AdmissionStatus } from '#common/admission.ts';
import { AdmissionForm } from '#app/components/admin/admission-form.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-content.css';
import type { Route } from './+types/admission';

export const meta: Route.MetaFunction = () => adminMeta('Admission status');

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  let status: AdmissionStatus | null = null;
  try {
    status = await context.services.admission.get();
  } catch (err) {
    // As specified, a failed load of the status is only logged.
    console.error('Loading the admission status failed', err);
  }
  return { status };
}

export default function AdmissionPage({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="admission-title">
      <header className="admin-page__header">
        <div>
          <h1 id="admission-title">Admission status</h1>
          <p className="admin-page__lead">The heading of the admissions block on the home page.</p>
        </div>
      </header>
      {/* Keyed on the stored value, so the form starts again from it after every save. */}
      {status ? <AdmissionForm key={status} current={status} /> : null}
    </section>
  );
}
