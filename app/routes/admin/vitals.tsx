import { VitalsTable } from '#app/components/admin/vitals-table.tsx';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import '#app/styles/admin-vitals.css';
import type { Route } from './+types/vitals';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Site speed', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await requirePermission(context, 'vitals.read');
  return { windows: await context.services.vitals.summary(admin) };
}

export default function AdminVitals({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page" aria-labelledby="vitals-title">
      <header className="admin-page__header">
        <div>
          <h1 id="vitals-title">Site speed</h1>
          <p className="admin-page__lead">
            How fast the public pages are on visitors&apos; own phones and computers: the 75th percentile of half of all
            visits (three visits in four were at least this fast), against Google&apos;s &ldquo;good&rdquo; thresholds.
          </p>
        </div>
      </header>
      {loaderData.windows.map((w) => (
        <VitalsTable key={w.days} days={w.days} routes={w.routes} />
      ))}
    </section>
  );
}
