import { Outlet, type ShouldRevalidateFunctionArgs, useRouteLoaderData } from 'react-router';
import { bsMonthCorrections, setBsMonthCorrections } from '#common/dates/bs-date.ts';
import { AdminLoadError } from '#app/components/admin/admin-load-error.tsx';
import { AdminShell } from '#app/components/admin/admin-shell.tsx';
import { type PageActor, permissionOrEndedWrite } from '#app/lib/admin/admin-guard.server.ts';
import { decide } from '#common/policy.ts';
import { isSessionEnded } from '#app/lib/admin/admin-result.ts';
import type { RouteHandle } from '#app/lib/client-runtime.ts';
import { staffMeta } from '#app/lib/admin/admin-meta.ts';
import { staffCollegeLogo, staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import '#app/styles/admin-content.css';
import type { Route } from './+types/layout';

/** A single-page app: this page and those under it load React Router's client runtime. */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ data }) => staffMeta('Admin', data?.collegeName);

export async function loader({ context }: Route.LoaderArgs) {
  const admin = await permissionOrEndedWrite(context, 'admin.enter');
  // Nobody is signed in only while a form refused for an ended session is shown again: nothing private then.
  // The B.S. month corrections this server converts dates with, so the browser converts them the same way.
  const bsCorrections = bsMonthCorrections();
  // Every admin page's title and the menu's brand: the college's stored name, read again on each navigation.
  const collegeName = await staffCollegeName(context);
  const collegeLogo = await staffCollegeLogo(context);
  if (!admin) {
    return {
      collegeName,
      collegeLogo,
      email: null,
      name: null,
      role: null,
      unreadInquiries: 0,
      twoFactorPending: false,
      bsCorrections,
      backupWarnings: [],
      unsendable: { email: 0, sms: 0 },
    };
  }
  // While an owner requires two-factor sign-in, an account without it can open only its Account page (each
  // page's own loader sends it there; the frame offers that page alone).
  const { twoFactorPending } = admin;
  return {
    collegeName,
    collegeLogo,
    email: admin.email,
    name: admin.name,
    role: admin.role,
    unreadInquiries: twoFactorPending ? 0 : await context.services.inquiries.countUnhandled(),
    twoFactorPending,
    bsCorrections,
    backupWarnings: await backupWarnings(context, admin),
    unsendable: await unsendableMessages(context, admin),
  };
}

/** Those who manage messages are told on every admin page of messages that cannot leave; no one else can act. */
async function unsendableMessages(context: Route.LoaderArgs['context'], admin: PageActor) {
  if (decide(admin, 'messages.manage') !== 'allowed') return { email: 0, sms: 0 };
  return context.services.messages.waitingForSetUp();
}

/** Owners are told on every admin page when the backups need attention; no one else can act on it. */
async function backupWarnings(context: Route.LoaderArgs['context'], admin: PageActor): Promise<string[]> {
  if (decide(admin, 'backups.manage') !== 'allowed') return [];
  return (await context.services.backups.status(admin)).warnings.map((w) => w.message);
}

/**
 * Re-check the session on every admin navigation, so a revoked session ends at /login at once; but not
 * right after a write refused because the session ended, which would move to /login and lose the form.
 */
export const shouldRevalidate = ({ actionResult }: ShouldRevalidateFunctionArgs) => !isSessionEnded(actionResult);

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // In the browser, before the pages below render their dates (the server's table is already this one).
  if (typeof document !== 'undefined') setBsMonthCorrections(loaderData.bsCorrections);
  return (
    <AdminShell
      collegeName={loaderData.collegeName}
      collegeLogo={loaderData.collegeLogo}
      unreadInquiries={loaderData.unreadInquiries}
      role={loaderData.role}
      person={loaderData.name || loaderData.email}
      name={loaderData.name}
      twoFactorPending={loaderData.twoFactorPending}
      backupWarnings={loaderData.backupWarnings}
      unsendable={loaderData.unsendable}
    >
      <Outlet />
    </AdminShell>
  );
}

/** Every admin loader that fails ends here (none catches its own errors), inside the same frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>('routes/admin/layout');
  return (
    <AdminShell
      collegeName={layout?.collegeName ?? ''}
      collegeLogo={layout?.collegeLogo ?? null}
      unreadInquiries={layout?.unreadInquiries ?? 0}
      role={layout?.role ?? null}
      person={layout?.name || layout?.email || null}
      name={layout?.name ?? null}
      twoFactorPending={layout?.twoFactorPending ?? false}
      backupWarnings={layout?.backupWarnings ?? []}
      unsendable={layout?.unsendable}
    >
      <AdminLoadError error={error} />
    </AdminShell>
  );
}
