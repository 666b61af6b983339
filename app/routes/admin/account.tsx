import { useActionData } from 'react-router';
import { ROLE_LABELS } from '#common/roles.ts';
import { PasswordSection } from '#app/components/admin/account/password-section.tsx';
import { SessionsSection } from '#app/components/admin/account/sessions-section.tsx';
import { TwoFactorSection } from '#app/components/admin/account/two-factor-section.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import {
  beginTwoFactor,
  cancelTwoFactor,
  changeOwnPassword,
  confirmTwoFactor,
  disableTwoFactor,
  signOutElsewhere,
} from '#app/lib/admin/admin-staff-writes.server.ts';
import '#app/styles/admin-staff.css';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Your account', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const me = await requirePermission(context, 'account.own');
  const { twoFactor } = context.services;
  const [sessions, status, setup] = await Promise.all([
    context.services.account.sessions(me),
    twoFactor.status(me),
    twoFactor.pendingSetup(me),
  ]);
  return { me: { name: me.name, email: me.email, role: me.role }, sessions, twoFactor: { ...status, setup } };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    password: changeOwnPassword,
    'sign-out-elsewhere': signOutElsewhere,
    'two-factor-begin': beginTwoFactor,
    'two-factor-confirm': confirmTwoFactor,
    'two-factor-cancel': cancelTwoFactor,
    'two-factor-disable': disableTwoFactor,
  });

/** Each part of the page is its own section component. */
export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const { me, sessions, twoFactor } = loaderData;
  const posted = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="account-title">
      <header className="admin-page__header">
        <div>
          <h1 id="account-title">Your account</h1>
          <p className="admin-page__lead">
            {me.name ? `${me.name} · ` : ''}
            {me.email} · {ROLE_LABELS[me.role]}
          </p>
        </div>
      </header>
      <WriteStatus result={posted} />
      <PasswordSection email={me.email} posted={posted} />
      <TwoFactorSection view={twoFactor} posted={posted} />
      <SessionsSection sessions={sessions} />
    </section>
  );
}
