import { useId } from 'react';
import { ROLES, ROLE_LABELS } from '#common/roles.ts';
import type { StaffAccount } from '#common/accounts/staff.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { DeleteButton } from '../delete-button.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';
import { OneTimeLink } from './one-time-link.tsx';

interface StaffRowProps {
  account: StaffAccount;
  /** The signed-in owner's own row: changed on the account page, not here. */
  isMe: boolean;
  /** The only owner who can sign in: not offered demotion, disabling or deletion (the server refuses them too). */
  lastOwner: boolean;
  siteUrl: string;
}

/** One account of the staff list, with its role, status and the owner's actions on it. */
export function StaffRow({ account, isMe, lastOwner, siteUrl }: StaffRowProps) {
  const titleId = useId();
  const role = useAdminWrite();
  const status = useAdminWrite();
  const reset = useAdminWrite();
  const who = account.name || account.email;
  const locked = isMe || lastOwner;
  return (
    <li className="staff-row" aria-labelledby={titleId}>
      <div className="staff-row__head">
        <h3 id={titleId} className="staff-row__name">
          {who}
          {isMe ? <span className="admin-badge">You</span> : null}
        </h3>
        <p className="staff-row__role">{ROLE_LABELS[account.role]}</p>
      </div>
      <dl className="staff-row__facts">
        <div>
          <dt>E-mail</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>{account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Never'}</dd>
        </div>
        <div>
          <dt>Two-factor</dt>
          <dd>{account.twoFactorOn ? 'On' : 'Off'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            {account.disabledAt
              ? `Disabled since ${formatDateTime(account.disabledAt)}`
              : account.linkExpiresAt
                ? `Waiting for the password (link valid until ${formatDateTime(account.linkExpiresAt)})`
                : 'Active'}
          </dd>
        </div>
      </dl>
      {locked ? (
        <p className="staff-row__note">
          {isMe
            ? 'Change your own password on the Account page.'
            : 'The only owner who can sign in: make another account an owner before changing this one.'}
        </p>
      ) : (
        <div className="staff-row__actions">
          <role.fetcher.Form method="post" className="staff-row__role-form">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={account.id} />
            <label>
              <span className="sr-only">Role of {who}</span>
              <select name="role" defaultValue={account.role} key={account.role}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button button--small" disabled={role.busy} aria-describedby={titleId}>
              Change role
            </button>
          </role.fetcher.Form>
          <status.fetcher.Form method="post">
            <input type="hidden" name="intent" value={account.disabledAt ? 'enable' : 'disable'} />
            <input type="hidden" name="id" value={account.id} />
            <button type="submit" className="button button--small" disabled={status.busy} aria-describedby={titleId}>
              {account.disabledAt ? 'Enable' : 'Disable'}
            </button>
          </status.fetcher.Form>
          {account.disabledAt ? null : (
            <reset.fetcher.Form method="post">
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="id" value={account.id} />
              <button type="submit" className="button button--small" disabled={reset.busy} aria-describedby={titleId}>
                Reset password
              </button>
            </reset.fetcher.Form>
          )}
          <DeleteButton
            id={account.id}
            question="Delete this account?"
            consequence={
              <p>
                {who} ({account.email}) will no longer be able to sign in. The audit log keeps their name. This cannot
                be undone.
              </p>
            }
            describedBy={titleId}
          />
        </div>
      )}
      {reset.result?.ok && reset.result.created ? (
        <OneTimeLink path={reset.result.created} siteUrl={siteUrl} who={who} />
      ) : null}
    </li>
  );
}
