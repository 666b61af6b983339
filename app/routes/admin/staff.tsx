import { useActionData } from 'react-router';
import { OneTimeLink } from '#app/components/admin/staff/one-time-link.tsx';
import { AddStaffForm } from '#app/components/admin/staff/add-staff-form.tsx';
import { RequireTwoFactor } from '#app/components/admin/staff/require-two-factor.tsx';
import { StaffRow } from '#app/components/admin/staff/staff-row.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import {
  addStaff,
  deleteStaff,
  disableStaff,
  enableStaff,
  requireTwoFactor,
  resetStaffPassword,
  setStaffRole,
} from '#app/lib/admin/admin-staff-writes.server.ts';
import { keepsTheSite } from '#common/policy.ts';
import '#app/styles/admin-staff.css';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Staff', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const me = await requirePermission(context, 'staff.manage');
  const [accounts, twoFactorRequired] = await Promise.all([
    context.services.staff.list(me),
    context.services.twoFactor.isRequired(),
  ]);
  return {
    accounts,
    twoFactorRequired,
    me: me.userId,
    siteUrl: context.siteUrl,
    emailReady: await context.services.messages.emailReady(),
  };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    add: addStaff,
    role: setStaffRole,
    disable: disableStaff,
    enable: enableStaff,
    reset: resetStaffPassword,
    delete: deleteStaff,
    'require-two-factor': requireTwoFactor,
  });

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { accounts, twoFactorRequired, me, siteUrl, emailReady } = loaderData;
  const posted = useActionData<typeof action>();
  const activeOwners = accounts.filter((a) => keepsTheSite(a.role) && !a.disabledAt);
  return (
    <section className="admin-page" aria-labelledby="staff-title">
      <header className="admin-page__header">
        <div>
          <h1 id="staff-title">Staff</h1>
          <p className="admin-page__lead">The people who can sign in to this admin, and what each may do.</p>
        </div>
      </header>
      <WriteStatus result={posted} />
      {/* Without JavaScript a new link comes back in the page's own answer. */}
      {posted?.ok && posted.created ? <OneTimeLink path={posted.created} siteUrl={siteUrl} who="this account" /> : null}
      <AddStaffForm siteUrl={siteUrl} posted={posted} emailReady={emailReady} />
      <h2 className="staff-list__title">Accounts ({accounts.length})</h2>
      <ul className="staff-list">
        {accounts.map((account) => (
          <StaffRow
            key={account.id}
            account={account}
            isMe={account.id === me}
            lastOwner={activeOwners.length === 1 && activeOwners[0]?.id === account.id}
            siteUrl={siteUrl}
          />
        ))}
      </ul>
      <RequireTwoFactor required={twoFactorRequired} />
    </section>
  );
}
