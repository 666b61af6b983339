import { Outlet } from 'react-router';
import { AdminHeader } from '#app/components/admin/admin-header.tsx';
import { AdminSideMenu } from '#app/components/admin/admin-side-menu.tsx';
import { Toaster } from '#app/components/toaster.tsx';
import { requireAdmin } from '#app/lib/admin-guard.server.ts';
import type { RouteHandle } from '#app/lib/client-runtime.ts';
import '#app/styles/admin.css';
import type { Route } from './+types/layout';

/** A single-page app: this page and those under it load React Router's client runtime. */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => [
  { title: 'Admin | Orbit College' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context);
  return { email: admin.email, unreadInquiries: await context.services.inquiries.countUnhandled() };
}

/** Re-check the session on every admin navigation, so a revoked session ends at /login at once. */
export const shouldRevalidate = () => true;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin">
      <AdminSideMenu unreadInquiries={loaderData.unreadInquiries} />
      <div className="admin__main">
        <AdminHeader />
        <main className="admin__content">
          <Outlet />
        </main>
      </div>
      {/* Outside the grid flow: the toast container must not take a grid cell. */}
      <Toaster />
    </div>
  );
}
